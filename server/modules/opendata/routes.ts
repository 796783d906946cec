import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_EXPORT_COLUMNS,
  adminExportQuery,
  CATALOGUE_PARTS,
  rankingExportDto,
  rankingExportParams,
  rankingExportQuery,
} from '../../../common/api/open-data.js';
import type { AppContext } from '../../context.js';
import { requireLanguage } from '../../http/language.js';
import { PUBLIC_READ } from '../../http/public-reads.js';
import { fileDownload } from '../../http/responses.js';
import { callerOf } from '../auth/guards.js';
import { AdminExports } from './admin-exports.js';
import { attachment } from './csv.js';
import {
  RANKING_CSV_COLUMNS,
  RankingExports,
  rankingCsv,
  rankingExportETag,
  rankingFileName,
} from './ranking-export.js';

const CSV = 'text/csv; charset=utf-8';
const csvText = z.string();
const CSV_FORMAT =
  'RFC 4180 (comma, CRLF, double quotes), UTF-8 with a byte order mark, a header line. A text cell starting ' +
  'with = + - @, a tab or a carriage return is prefixed with a quote so that a spreadsheet does not run it.';

/** A topic's ranking as a file anyone may download (issue 38). */
export async function openDataRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const exports = new RankingExports(ctx);
  const tags = ['open data'];

  api.get(
    '/topics/:topicId/ranking.csv',
    {
      config: PUBLIC_READ,
      schema: {
        tags,
        params: rankingExportParams,
        querystring: rankingExportQuery,
        response: fileDownload(
          'text/csv',
          csvText,
          `The ranking route's figures, one line per proposition in ranking order. Columns: ${RANKING_CSV_COLUMNS.join(', ')} ` +
            '(topic: the title in the asked language; the other fields as RankingExportRowDto). ' +
            CSV_FORMAT,
        ),
      },
    },
    async (request, reply) => {
      const language = requireLanguage(request.query.lng ?? request.query.language);
      const data = await exports.read(request.params.topicId, language, request.query.window);
      return reply
        .type(CSV)
        .header('content-disposition', attachment(rankingFileName(data, 'csv')))
        .serializer((text: string) => text)
        .send(rankingCsv(data));
    },
  );

  api.get(
    '/topics/:topicId/ranking.json',
    {
      config: PUBLIC_READ,
      schema: {
        tags,
        params: rankingExportParams,
        querystring: rankingExportQuery,
        response: fileDownload(
          'application/json',
          rankingExportDto,
          "The ranking route's figures as a JSON document of their own (not in the success envelope: it is a " +
            'file), with the topic titled in the asked language.',
        ),
      },
    },
    async (request, reply) => {
      const language = requireLanguage(request.query.lng ?? request.query.language);
      const data = await exports.read(request.params.topicId, language, request.query.window);
      return reply
        .header('etag', rankingExportETag(data))
        .header('content-disposition', attachment(rankingFileName(data, 'json')))
        .send(data);
    },
  );
}

/** The administrators' exports: the catalogue and the pseudonymous ballots. Behind requireAdmin (app.ts). */
export async function adminExportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const exports = new AdminExports(ctx);
  const tags = ['admin', 'open data'];
  const today = () => ctx.clock.nowIso().slice(0, 10);

  for (const part of CATALOGUE_PARTS) {
    api.get(
      `/admin/exports/${part}.csv`,
      {
        schema: {
          tags,
          querystring: adminExportQuery,
          response: fileDownload(
            'text/csv',
            csvText,
            `Every row of the catalogue's ${part}, by id, names in the asked language (fallback as everywhere). ` +
              `Columns: ${ADMIN_EXPORT_COLUMNS[part].join(', ')}. ${CSV_FORMAT} Sent as it is read.`,
          ),
        },
      },
      async (request, reply) => {
        const language = requireLanguage(request.query.lng ?? request.query.language);
        return reply
          .type(CSV)
          .header('content-disposition', attachment(`podium-${part}-${language}-${today()}.csv`))
          .send(Readable.from(exports.catalogue(part, language)));
      },
    );
  }

  api.get(
    '/admin/exports/ballots.csv',
    {
      schema: {
        tags,
        response: fileDownload(
          'text/csv',
          csvText,
          'Every ballot that places a proposition, by topic, in pseudonym order. Columns: ' +
            `${ADMIN_EXPORT_COLUMNS.ballots.join(', ')}. pseudonym: HMAC-SHA256 of the voter and the topic under ` +
            "a server's secret key, the same for one voter on one topic in every export and unrelated across " +
            'topics; state: counted, held or quarantined; castOn: the UTC day the voter last cast it; firstId, ' +
            'secondId, thirdId: proposition ids (names in propositions.csv). No user id, name or address. Each ' +
            'download is written in the audit log. ' +
            `${CSV_FORMAT} Sent as it is read.`,
        ),
      },
    },
    async (request, reply) => {
      await exports.recordBallotsExport(callerOf(request));
      return reply
        .type(CSV)
        .header('content-disposition', attachment(`podium-ballots-${today()}.csv`))
        .send(Readable.from(exports.ballots()));
    },
  );
}
