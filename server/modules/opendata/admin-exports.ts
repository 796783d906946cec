import { ADMIN_EXPORT_COLUMNS, type CataloguePart } from '../../../common/api/open-data.js';
import { BASE_NAME_LANGUAGE, type Language } from '../../../common/constants.js';
import type { AppContext } from '../../context.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/guards.js';
import { CSV_BOM, type CsvValue, csvRecord } from './csv.js';
import { BallotPseudonyms } from './pseudonyms.js';
import { OpenDataRepository } from './repository.js';

/** Rows read per query: a page's text is a few hundred kilobytes at most, whatever the export's size. */
export const EXPORT_PAGE_SIZE = 2000;

/** A CSV export as chunks of text (a header, then a page of records at a time), for a stream to send. */
export type CsvChunks = AsyncGenerator<string, void, undefined>;

/** The instant's UTC day: the ballots export's only time, so that times cannot link one voter's ballots. */
const dayOf = (iso: string) => iso.slice(0, 10);

/**
 * The administrators' exports (issue 38): the catalogue, one CSV per part, and every ballot that places a
 * proposition under a pseudonym. Each is read in keyset pages while it is sent, not as one snapshot: a row
 * changed during a long download is in the file as it was when its page was read.
 */
export class AdminExports {
  constructor(
    private readonly ctx: AppContext,
    /** Rows per query (tests make pages small to cross their edges). */
    private readonly pageSize = EXPORT_PAGE_SIZE,
  ) {}

  catalogue(part: CataloguePart, language: Language): CsvChunks {
    switch (part) {
      case 'categories':
        return this.categories(language);
      case 'tags':
        return this.tags(language);
      case 'topics':
        return this.topics(language);
      case 'propositions':
        return this.propositions();
    }
  }

  private async *categories(language: Language): CsvChunks {
    yield CSV_BOM + csvRecord(ADMIN_EXPORT_COLUMNS.categories);
    yield* pages(
      this.pageSize,
      (after) => this.repository().categories(after, this.pageSize),
      async (rows) => {
        const texts = await this.ctx.texts.picker('category', ids(rows), language);
        return rows.map((row) => [
          row.id,
          row.slug,
          texts.pick(row.id, 'name', { text: row.name, language: BASE_NAME_LANGUAGE }),
          row.parent_id,
          Number(row.is_system) === 1,
          row.created_at,
        ]);
      },
    );
  }

  private async *tags(language: Language): CsvChunks {
    yield CSV_BOM + csvRecord(ADMIN_EXPORT_COLUMNS.tags);
    yield* pages(
      this.pageSize,
      (after) => this.repository().tags(after, this.pageSize),
      async (rows) => {
        const texts = await this.ctx.texts.picker('tag', ids(rows), language);
        return rows.map((row) => [
          row.id,
          row.slug,
          texts.pick(row.id, 'name', { text: row.name, language: BASE_NAME_LANGUAGE }),
          row.type,
          row.category_id,
          row.created_at,
        ]);
      },
    );
  }

  private async *topics(language: Language): CsvChunks {
    yield CSV_BOM + csvRecord(ADMIN_EXPORT_COLUMNS.topics);
    yield* pages(
      this.pageSize,
      (after) => this.repository().topics(after, this.pageSize),
      async (rows) => {
        const topicIds = ids(rows);
        const [texts, tagRows] = await Promise.all([
          this.ctx.texts.picker('topic', topicIds, language),
          this.repository().tagsOfTopics(topicIds),
        ]);
        const tagsOf = new Map<number, number[]>();
        for (const { topic_id, tag_id } of tagRows) {
          const list = tagsOf.get(topic_id) ?? [];
          list.push(tag_id);
          tagsOf.set(topic_id, list);
        }
        return rows.map((row) => [
          row.id,
          row.readable_id,
          row.slug,
          texts.pick(row.id, 'title', { text: row.title, language: row.language }),
          row.language,
          row.category_id,
          Number(row.is_main) === 1,
          row.main_topic_id,
          Number(row.is_active) === 1,
          Number(row.vote_count),
          // Several ids in one cell, space-separated: no quoting, and a spreadsheet splits them on request.
          (tagsOf.get(row.id) ?? []).join(' '),
          row.created_at,
        ]);
      },
    );
  }

  private async *propositions(): CsvChunks {
    yield CSV_BOM + csvRecord(ADMIN_EXPORT_COLUMNS.propositions);
    yield* pages(
      this.pageSize,
      (after) => this.repository().propositions(after, this.pageSize),
      async (rows) =>
        rows.map((row) => [
          row.id,
          row.topic_id,
          row.name,
          Number(row.total_points),
          Number(row.vote_count),
          Number(row.first_count),
          Number(row.second_count),
          Number(row.third_count),
          row.created_at,
          row.listed_at,
        ]),
    );
  }

  /**
   * Writes in the audit log that `actor` took the ballots export: it is personal data under pseudonyms, and who
   * took a copy of it, and when, is for the other administrators to see.
   */
  recordBallotsExport(actor: AuthUser): Promise<void> {
    return this.ctx.changes.transaction((trx, change) =>
      recordAudit(trx, change, actor, {
        action: 'export',
        entityType: 'ballot',
        entityId: null,
        after: { file: 'ballots.csv' },
      }),
    );
  }

  /**
   * Every ballot that places a proposition (counted, held or quarantined: `state` says), its current places as
   * proposition ids (names are in the propositions export), the day its voter last cast it, and a pseudonym
   * per voter and topic. No user id, name or address, and no version history: a ballot's versions and exact
   * instants would let a reader link one voter's ballots across topics by their timing. Within a topic, rows
   * are in pseudonym order, which says nothing about who voted first.
   */
  async *ballots(): CsvChunks {
    const pseudonyms = await BallotPseudonyms.load(this.ctx.db);
    yield CSV_BOM + csvRecord(ADMIN_EXPORT_COLUMNS.ballots);
    type Line = { pseudonym: string; record: string };
    // The lines of the topic being read: a topic is written whole, sorted, once its last ballot is read.
    let topicId = 0;
    let pending: Line[] = [];
    const flush = () => {
      const text = pending
        .sort((a, b) => (a.pseudonym < b.pseudonym ? -1 : a.pseudonym > b.pseudonym ? 1 : 0))
        .map((line) => line.record)
        .join('');
      pending = [];
      return text;
    };
    let after = { topicId: 0, userId: 0 };
    for (;;) {
      const rows = await this.repository().ballots(after, this.pageSize);
      let out = '';
      for (const row of rows) {
        if (row.topic_id !== topicId) {
          out += flush();
          topicId = row.topic_id;
        }
        const pseudonym = pseudonyms.of(row.user_id, row.topic_id);
        pending.push({
          pseudonym,
          record: csvRecord([
            row.topic_id,
            pseudonym,
            row.state,
            dayOf(row.voted_at),
            row.first_id,
            row.second_id,
            row.third_id,
          ]),
        });
      }
      if (out) yield out;
      const last = rows.at(-1);
      if (!last || rows.length < this.pageSize) break;
      after = { topicId: last.topic_id, userId: last.user_id };
    }
    const rest = flush();
    if (rest) yield rest;
  }

  private repository() {
    return new OpenDataRepository(this.ctx.db);
  }
}

const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

/** Reads pages by id after the last one read, and yields each page's records as one chunk. */
async function* pages<Row extends { id: number }>(
  pageSize: number,
  read: (afterId: number) => Promise<Row[]>,
  records: (rows: Row[]) => Promise<CsvValue[][]>,
): CsvChunks {
  let afterId = 0;
  for (;;) {
    const rows = await read(afterId);
    if (rows.length > 0) yield (await records(rows)).map(csvRecord).join('');
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    afterId = last.id;
  }
}
