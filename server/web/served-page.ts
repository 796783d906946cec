import { brotliCompressSync, brotliDecompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { validated, weakETag } from '../http/public-reads.js';

type Encoding = 'br' | 'gzip' | 'identity';
/** Brotli first, as @fastify/compress prefers it (its encodings, in its order). */
const ENCODINGS: Encoding[] = ['br', 'gzip'];
/**
 * Quality 5: a 53 KB page compresses in ~2 ms, once per cached page, to within a few percent of what
 * quality 11 reaches in ~100 ms.
 */
const BROTLI_QUALITY = 5;
/**
 * What is compressed when asked, not kept (a not-found page for brotli; any page for gzip): the fastest
 * setting. A not-found page of 98 KB takes 1 ms so and 2.3 ms at quality 5, for 27.6 KB against 22.1 KB.
 */
const ON_REQUEST_LEVEL = 1;

/**
 * A page as the server sends it: its status and its HTML, kept compressed. A page answered from the
 * cache costs a lookup, not a compression: @fastify/compress would compress the same page again for
 * every request, and it does not see pages answered from the not-found handler at all.
 *
 * A page that exists is kept as brotli only (made once, with the page): a topic page of 168 KB is 25 KB
 * so, a sixth of what the HTML and its copies were charged, so that the two hundred pages read most fit
 * the cache budget beside the rankings. Browsers ask for brotli. A client that does not gets the HTML
 * decompressed for it (about 0.3 ms for a large page), gzipped again if it asks for gzip (a few ms, for
 * the rare client that takes gzip and not brotli), against tens of milliseconds to render the page again.
 *
 * A not-found page (404) keeps its HTML instead: it is built for an address someone made up and is
 * rarely read again, so compressing it well with the page would cost every made-up address a slow
 * compression (and a client that takes none a decompression) for nothing; a client that asks for it
 * compressed gets it compressed then, at the fastest setting.
 */
export class ServedPage {
  private readonly brotli: Buffer | undefined;
  private readonly html: Buffer | undefined;
  /**
   * A page that exists is validated by a hash of its HTML, made once with the page (a tenth of what its
   * compression costs): a revalidation costs a comparison, and two servers give the same page the same tag.
   * Not-found and unavailable pages have none (a made-up address is rarely asked again).
   */
  private readonly etag: string | undefined;

  constructor(
    readonly status: number,
    html: string,
  ) {
    const bytes = Buffer.from(html);
    if (status === 404) this.html = bytes;
    else this.brotli = brotli(bytes);
    if (status === 200) this.etag = weakETag(bytes);
  }

  /** What keeping it costs, for the cache budget. */
  cacheBytes(): number {
    return 64 + (this.brotli ?? this.html ?? Buffer.alloc(0)).byteLength;
  }

  /**
   * Sends the page, or 304 with no body to an If-None-Match that names it. `cacheControl` is the
   * page's to choose (a page whose language is in its address may be kept by a shared cache).
   */
  send(request: FastifyRequest, reply: FastifyReply, cacheControl = 'no-cache'): FastifyReply {
    reply
      .status(this.status)
      .header('cache-control', cacheControl)
      .header('vary', `${reply.getHeader('vary') ?? ''}, Accept-Encoding`.replace(/^, /, ''))
      .type('text/html; charset=utf-8');
    if (this.etag !== undefined && validated(request, reply, this.etag)) return reply.send();
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    // An encoded body is left alone by @fastify/compress (it skips a reply that has a Content-Encoding).
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(this.body(encoding));
  }

  /** The body in `encoding`. */
  private body(encoding: Encoding): Buffer {
    if (encoding === 'br') return this.brotli ?? brotli(this.identity(), ON_REQUEST_LEVEL);
    if (encoding === 'gzip') return gzipSync(this.identity(), { level: ON_REQUEST_LEVEL });
    return this.identity();
  }

  /** The HTML's bytes: kept, or decompressed anew for each client that takes no compression. */
  private identity(): Buffer {
    return this.html ?? brotliDecompressSync(this.brotli as Buffer);
  }
}

function brotli(bytes: Buffer, quality = BROTLI_QUALITY): Buffer {
  return brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality } });
}

/** The encoding to send, negotiated as @fastify/compress does (its negotiator; `*` and x-gzip mean gzip). */
function acceptedEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS);
  return ENCODINGS.find((encoding) => encoding === chosen) ?? 'identity';
}
