import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { errors } from '../../http/errors.js';
import { CARD_HEIGHT, CARD_WIDTH, type CardNode } from './template.js';

/**
 * Renders waiting or running at most: past it a card that is not kept yet is refused with 503 (one kept,
 * even stale, is served instead: service.ts). A render takes 30 to 120 ms of the worker, so the queue holds
 * about a second of work: a flood of made-up cards cannot make every other card wait for minutes.
 */
export const MAX_QUEUED_RENDERS = 16;
const RETRY_AFTER_SECONDS = 1;

/** Inter's regular, semi-bold and extra-bold weights, Latin and Latin-ext (é, ñ, ß, ü, ł, ő...). */
const FONT_FILES = [400, 600, 700, 800].flatMap((weight) => [
  { name: 'Inter', weight, file: `@fontsource/inter/files/inter-latin-${weight}-normal.woff` },
  { name: 'Inter Ext', weight, file: `@fontsource/inter/files/inter-latin-ext-${weight}-normal.woff` },
]);

/**
 * The worker's whole program (CommonJS: an eval'd worker has no module graph of its own, and it gets the
 * packages' resolved paths because it resolves names from the working directory, not from this file).
 * satori lays the template out and writes SVG (text as paths, or as text for tests); resvg draws the PNG.
 * The fonts are read once; the first render (satori's WebAssembly layout engine starting, ~400 ms) is made
 * at start, on a one-word card, so that no visitor waits for it.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const satori = require(workerData.satori).default;
const { Resvg } = require(workerData.resvg);
const fonts = workerData.fonts.map((font) => ({
  name: font.name, weight: font.weight, style: 'normal', data: readFileSync(font.path),
}));
const size = { width: workerData.width, height: workerData.height };
const warm = satori({ type: 'div', props: { style: { display: 'flex' }, children: 'Podium' } }, { ...size, fonts });
parentPort.on('message', async ({ id, tree, format }) => {
  try {
    await warm;
    const svg = await satori(tree, { ...size, fonts, embedFont: format === 'png' });
    if (format === 'svg') return parentPort.postMessage({ id, svg });
    const png = new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
    parentPort.postMessage({ id, png }, [png.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.stack || error) });
  }
});
`;

interface Pending {
  resolve: (value: { png?: Uint8Array; svg?: string }) => void;
  reject: (error: Error) => void;
}

/**
 * Draws cards on a worker thread: satori and resvg take 30 to 120 ms of a core per card, which on the
 * event loop would hold every other request for as long. One worker, so that cards never take more than
 * one of the server's cores; made on the first card, ended with the app (or if it fails: the next card
 * starts another).
 */
export class CardRenderer {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /** Renders waiting or running. */
  get queued(): number {
    return this.pending.size;
  }

  /** The card as a PNG of CARD_WIDTH x CARD_HEIGHT; a 503 when MAX_QUEUED_RENDERS are waiting. */
  async png(tree: CardNode): Promise<Buffer> {
    const { png } = await this.run(tree, 'png');
    if (!png) throw new Error('the card renderer answered no image');
    return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  }

  /** The card as SVG with its texts as text (not paths): what a test reads the card's words from. */
  async svg(tree: CardNode): Promise<string> {
    const { svg } = await this.run(tree, 'svg');
    if (svg === undefined) throw new Error('the card renderer answered no SVG');
    return svg;
  }

  private run(tree: CardNode, format: 'png' | 'svg'): Promise<{ png?: Uint8Array; svg?: string }> {
    if (this.pending.size >= MAX_QUEUED_RENDERS) throw errors.serviceUnavailable(RETRY_AFTER_SECONDS);
    const worker = this.started();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, tree, format });
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const require = createRequire(import.meta.url);
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        satori: require.resolve('satori'),
        resvg: require.resolve('@resvg/resvg-js'),
        fonts: FONT_FILES.map((font) => ({ ...font, path: require.resolve(font.file) })),
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
      },
    });
    worker.on('message', (message: { id: number; png?: Uint8Array; svg?: string; error?: string }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error !== undefined) waiting.reject(new Error(`card render failed: ${message.error}`));
      else waiting.resolve(message);
    });
    const failed = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`the card renderer stopped (exit code ${code})`)));
    // Never the reason a process stays alive; the app ends it on close.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }
}
