import { brotliCompressSync, brotliDecompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
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
 * A gzip copy is made when a client asks for one, and is charged from the start at this many times the
 * brotli body (gzip at its default level comes to about 2.4 times brotli at quality 5 on our pages).
 */
const GZIP_PER_BROTLI_BYTE = 3;

/**
 * A page as the server sends it: its status and its HTML, kept compressed. A page answered from the
 * cache costs a lookup, not a compression: @fastify/compress would compress the same page again for
 * every request, and it does not see pages answered from the not-found handler at all.
 *
 * Kept as brotli only (made once, with the page): a topic page of 176 KB is 8 KB so, which lets the cache
 * budget hold twenty times as many pages as it did with the HTML and its copies (two hundred of them no
 * longer pushed each other out of 64 MB). Browsers ask for brotli; a gzip copy is made the first time a
 * client asks for it; a client that takes neither gets the HTML decompressed for it (about 0.3 ms for a
 * large page, against several for rendering it again).
 */
export class ServedPage {
  private readonly brotli: Buffer;
  private gzip: Buffer | undefined;

  constructor(
    readonly status: number,
    html: string,
  ) {
    this.brotli = brotliCompressSync(Buffer.from(html), {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
    });
  }

  /** What keeping it costs, for the cache budget: its brotli body and the gzip copy it may make. */
  cacheBytes(): number {
    return 64 + this.brotli.byteLength * (1 + GZIP_PER_BROTLI_BYTE);
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

  /** The body in `encoding`. */
  private body(encoding: Encoding): Buffer {
    if (encoding === 'br') return this.brotli;
    if (encoding === 'gzip') {
      this.gzip ??= gzipSync(this.identity());
      return this.gzip;
    }
    return this.identity();
  }

  /** The HTML's bytes, decompressed anew for each client that takes no compression: nothing keeps them. */
  private identity(): Buffer {
    return brotliDecompressSync(this.brotli);
  }
}

/** The encoding to send, negotiated as @fastify/compress does (its negotiator; `*` and x-gzip mean gzip). */
function acceptedEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS);
  return ENCODINGS.find((encoding) => encoding === chosen) ?? 'identity';
}
