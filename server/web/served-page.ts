import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip' | 'identity';
/** Brotli first, as @fastify/compress prefers it (its encodings, in its order). */
const ENCODINGS: Encoding[] = ['br', 'gzip'];
/**
 * Quality 5: a 53 KB page compresses in ~2 ms, once per cached page, to within a few percent of what
 * quality 11 reaches in ~100 ms.
 */
const BROTLI_QUALITY = 5;

/**
 * A page as the server sends it: its status, its HTML and that HTML compressed in each encoding a
 * browser asks for, each made once. A page answered from the cache costs a lookup, not a compression:
 * @fastify/compress would compress the same 50 KB again for every request, and it does not see pages
 * answered from the not-found handler at all.
 */
export class ServedPage {
  private readonly bytes: Buffer;
  private readonly compressed = new Map<Exclude<Encoding, 'identity'>, Buffer>();

  /**
   * The HTML is kept as its UTF-8 bytes, not as a string: a page with one character past Latin-1 (a
   * typographic apostrophe) is a two-byte string in V8, twice its bytes, and a kept page is read only
   * to be sent or compressed.
   */
  constructor(
    readonly status: number,
    html: string,
  ) {
    this.bytes = Buffer.from(html);
  }

  /**
   * What keeping it costs, for the cache budget: its bytes, and half as much again for the compressed
   * copies it makes as browsers ask (brotli at quality 5 and gzip together come to well under half of
   * an HTML page), charged at once so that the charge does not change while it is kept.
   */
  cacheBytes(): number {
    return 64 + Math.ceil(this.bytes.byteLength * 1.5);
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply
      .status(this.status)
      .header('cache-control', 'no-cache')
      .header('vary', `${reply.getHeader('vary') ?? ''}, Accept-Encoding`.replace(/^, /, ''))
      .type('text/html; charset=utf-8');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    // An encoded body is left alone by @fastify/compress (it skips a reply that has a Content-Encoding).
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(this.body(encoding));
  }

  /** The body in `encoding`: the page's bytes, or those compressed, each encoding once. */
  private body(encoding: Encoding): Buffer {
    if (encoding === 'identity') return this.bytes;
    let body = this.compressed.get(encoding);
    if (!body) {
      const quality = { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY };
      body = encoding === 'br' ? brotliCompressSync(this.bytes, { params: quality }) : gzipSync(this.bytes);
      this.compressed.set(encoding, body);
    }
    return body;
  }
}

/** The encoding to send, negotiated as @fastify/compress does (its negotiator; `*` and x-gzip mean gzip). */
function acceptedEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS);
  return ENCODINGS.find((encoding) => encoding === chosen) ?? 'identity';
}
