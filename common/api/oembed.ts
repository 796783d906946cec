import { z } from 'zod';

/** GET /api/oembed (oembed.com 2.2): which page to embed, in which format, within which size. */
export const oembedQuery = z.object({
  /** A topic page of this site (`{PUBLIC_URL}/topic/{slug or id}`, its `?lng=` naming the embed's language). */
  url: z.string().trim().min(1).max(2048),
  /** json; xml is answered 501 as the spec asks. */
  format: z.string().trim().max(16).optional(),
  maxwidth: z.coerce.number().int().min(1).max(10_000).optional(),
  maxheight: z.coerce.number().int().min(1).max(10_000).optional(),
});

/** The oEmbed answer of a topic page: a "rich" type whose html is an iframe of its live embed. */
export const oembedDto = z
  .object({
    type: z.literal('rich'),
    version: z.literal('1.0'),
    title: z.string(),
    provider_name: z.string(),
    provider_url: z.string(),
    html: z.string(),
    width: z.int(),
    height: z.int(),
    /** The topic's share card (1200x630), when it fits within maxwidth and maxheight (the spec asks so). */
    thumbnail_url: z.string().optional(),
    thumbnail_width: z.int().optional(),
    thumbnail_height: z.int().optional(),
    cache_age: z.int().optional(),
  })
  .meta({ id: 'OEmbedDto' });
export type OEmbedDto = z.infer<typeof oembedDto>;
