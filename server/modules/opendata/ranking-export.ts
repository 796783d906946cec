import {
  RANKING_EXPORT_FIELDS,
  type RankingExportDto,
  type RankingExportRowDto,
} from '../../../common/api/open-data.js';
import { RANKING_LIMIT_MAX } from '../../../common/api/topics.js';
import type { Language } from '../../../common/constants.js';
import type { RankingWindowId } from '../../../common/rankings/windows.js';
import type { AppContext } from '../../context.js';
import { errors } from '../../http/errors.js';
import { weakETag } from '../../http/public-reads.js';
import { RankingsService } from '../rankings/service.js';
import { CSV_BOM, csvRecord } from './csv.js';
import { OpenDataRepository } from './repository.js';

/**
 * A topic's ranking as a file (issue 38): the ranking route's own answer (RankingsService, through the same
 * cache), renamed to the export's stable fields. Nothing is computed here that the ranking does not serve.
 */
export class RankingExports {
  private readonly rankings: RankingsService;

  constructor(private readonly ctx: AppContext) {
    this.rankings = new RankingsService(ctx.db);
  }

  async read(topicId: number, language: Language, window: RankingWindowId): Promise<RankingExportDto> {
    const [topic, texts] = await Promise.all([
      new OpenDataRepository(this.ctx.db).activeTopic(topicId),
      this.ctx.texts.picker('topic', [topicId], language),
    ]);
    if (!topic) throw errors.notFound('Topic');
    const ranking = await this.rankings.ranking(topicId, RANKING_LIMIT_MAX, { window });
    return {
      format: 'podium-ranking',
      version: 1,
      exportedAt: this.ctx.clock.nowIso(),
      language,
      topic: {
        id: topic.id,
        readableId: topic.readable_id,
        slug: topic.slug,
        title: texts.pick(topic.id, 'title', { text: topic.title, language: topic.language }),
      },
      window: ranking.window,
      since: ranking.since,
      voters: ranking.voteCount,
      rows: ranking.rankings.map(
        (row): RankingExportRowDto => ({
          rank: row.rank,
          propositionId: row.id,
          proposition: row.itemName,
          points: row.totalPoints,
          voters: row.voteCount,
          firstPlaces: row.firstPlaces,
          secondPlaces: row.secondPlaces,
          thirdPlaces: row.thirdPlaces,
          eligibleBallots: row.eligibleBallots,
          weightedAverage: row.weightedAverage,
          intervalLow: row.interval?.low ?? null,
          intervalHigh: row.interval?.high ?? null,
        }),
      ),
    };
  }
}

/**
 * The export's ETag: its bytes' hash without `exportedAt`, which differs at every build. A revalidation (a CDN's,
 * a script's) is then 304 for as long as the ranking is the same, not only while this server keeps the
 * answer's ETag (a second or so): the copy it holds says when it was exported.
 */
export function rankingExportETag(data: RankingExportDto): string {
  return weakETag(JSON.stringify({ ...data, exportedAt: undefined }));
}

/** The CSV columns of a ranking export: the topic on every line (files stay whole when concatenated), then a row's fields. */
export const RANKING_CSV_COLUMNS = ['topicId', 'topic', 'window', ...RANKING_EXPORT_FIELDS] as const;

/** The export as CSV: a header line, then one line per proposition in ranking order. */
export function rankingCsv(data: RankingExportDto): string {
  const lines = [CSV_BOM, csvRecord(RANKING_CSV_COLUMNS)];
  for (const row of data.rows) {
    lines.push(
      csvRecord([
        data.topic.id,
        data.topic.title,
        data.window,
        ...RANKING_EXPORT_FIELDS.map((field) => row[field]),
      ]),
    );
  }
  return lines.join('');
}

/** The file's name: ours, ASCII, saying what it holds. */
export function rankingFileName(data: RankingExportDto, extension: 'csv' | 'json'): string {
  return `podium-${data.topic.readableId}-ranking-${data.window}-${data.language}.${extension}`;
}
