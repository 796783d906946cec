import type { Migration, MigrationProvider } from 'kysely';
import type { DatabaseKind } from '../database.js';
import { usersAndSessions } from './2026-11-23-0001-users-and-sessions.js';
import { catalogue } from './2026-11-23-0002-catalogue.js';
import { topics } from './2026-11-23-0003-topics.js';
import { votes } from './2026-11-23-0004-votes.js';
import { searchIndex } from './2026-11-23-0005-search-index.js';
import { auditLog } from './2026-11-23-0006-audit-log.js';
import { topicsMainPopular } from './2026-11-23-0007-topics-main-popular.js';
import { searchTermsStatistics } from './2026-11-23-0008-search-terms-statistics.js';
import { sessions } from './2026-11-24-0009-sessions.js';
import { usernameKeys } from './2026-11-24-0010-username-keys.js';
import { propositionCreations } from './2026-11-24-0011-proposition-creations.js';
import { baseTextsOwnLanguage } from './2026-11-24-0012-base-texts-own-language.js';
import { systemCategoryNames } from './2026-11-24-0013-system-category-names.js';
import { mainTopicsAreHubs } from './2026-11-24-0014-main-topics-are-hubs.js';
import { refreshTokenExpiry } from './2026-11-24-0015-refresh-token-expiry.js';
import { ballots } from './2026-11-26-0016-ballots.js';
import { jobs } from './2026-11-26-0017-jobs.js';
import { ballotVersionPlaces } from './2026-11-27-0018-ballot-version-places.js';
import { votesByTopic } from './2026-11-27-0019-votes-by-topic.js';
import { ballotsVotedAt } from './2026-11-27-0020-ballots-voted-at.js';
import { ballotsCurrentPlaces } from './2026-11-27-0021-ballots-current-places.js';
import { merges } from './2026-11-27-0022-merges.js';
import { auditTopic } from './2026-11-27-0023-audit-topic.js';
import { settings } from './2026-11-27-0024-settings.js';
import { proposals } from './2026-11-27-0025-proposals.js';
import { accountLinks } from './2026-11-27-0026-account-links.js';
import { accountData } from './2026-11-27-0027-account-data.js';
import { ballotCounting } from './2026-11-27-0028-ballot-counting.js';
import { burstFlags } from './2026-11-27-0029-burst-flags.js';
import { rankHistory } from './2026-11-27-0030-rank-history.js';
import { topicFollows } from './2026-11-28-0031-topic-follows.js';
import { notifications } from './2026-11-28-0032-notifications.js';
import { notificationDelivery } from './2026-11-28-0033-notification-delivery.js';
import { notificationMail } from './2026-11-28-0034-notification-mail.js';
import { administratorsIndex } from './2026-11-28-0035-administrators-index.js';
import { jobsDueByKind } from './2026-11-28-0036-jobs-due-by-kind.js';
import { podiumMarks } from './2026-11-28-0037-podium-marks.js';

/** A migration written once for both databases; `kind` only picks column types where they differ. */
export type PortableMigration = (kind: DatabaseKind) => Migration;

const migrations: Record<string, PortableMigration> = {
  '2026-11-23-0001-users-and-sessions': usersAndSessions,
  '2026-11-23-0002-catalogue': catalogue,
  '2026-11-23-0003-topics': topics,
  '2026-11-23-0004-votes': votes,
  '2026-11-23-0005-search-index': searchIndex,
  '2026-11-23-0006-audit-log': auditLog,
  '2026-11-23-0007-topics-main-popular': topicsMainPopular,
  '2026-11-23-0008-search-terms-statistics': searchTermsStatistics,
  '2026-11-24-0009-sessions': sessions,
  '2026-11-24-0010-username-keys': usernameKeys,
  '2026-11-24-0011-proposition-creations': propositionCreations,
  '2026-11-24-0012-base-texts-own-language': baseTextsOwnLanguage,
  '2026-11-24-0013-system-category-names': systemCategoryNames,
  '2026-11-24-0014-main-topics-are-hubs': mainTopicsAreHubs,
  '2026-11-24-0015-refresh-token-expiry': refreshTokenExpiry,
  '2026-11-26-0016-ballots': ballots,
  '2026-11-26-0017-jobs': jobs,
  '2026-11-27-0018-ballot-version-places': ballotVersionPlaces,
  '2026-11-27-0019-votes-by-topic': votesByTopic,
  '2026-11-27-0020-ballots-voted-at': ballotsVotedAt,
  '2026-11-27-0021-ballots-current-places': ballotsCurrentPlaces,
  '2026-11-27-0022-merges': merges,
  '2026-11-27-0023-audit-topic': auditTopic,
  '2026-11-27-0024-settings': settings,
  '2026-11-27-0025-proposals': proposals,
  '2026-11-27-0026-account-links': accountLinks,
  '2026-11-27-0027-account-data': accountData,
  '2026-11-27-0028-ballot-counting': ballotCounting,
  '2026-11-27-0029-burst-flags': burstFlags,
  '2026-11-27-0030-rank-history': rankHistory,
  '2026-11-28-0031-topic-follows': topicFollows,
  '2026-11-28-0032-notifications': notifications,
  '2026-11-28-0033-notification-delivery': notificationDelivery,
  '2026-11-28-0034-notification-mail': notificationMail,
  '2026-11-28-0035-administrators-index': administratorsIndex,
  '2026-11-28-0036-jobs-due-by-kind': jobsDueByKind,
  '2026-11-28-0037-podium-marks': podiumMarks,
};

/** Every migration of this release, in order. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

export function migrationProvider(kind: DatabaseKind): MigrationProvider {
  return {
    async getMigrations() {
      return Object.fromEntries(Object.entries(migrations).map(([name, make]) => [name, make(kind)]));
    },
  };
}
