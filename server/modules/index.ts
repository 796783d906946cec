import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { adminUserRoutes } from './admin/users-routes.js';
import { auditRoutes } from './audit/routes.js';
import { authRoutes } from './auth/routes.js';
import { shareCardRoutes } from './cards/routes.js';
import { adminCategoryRoutes, adminTagRoutes } from './catalogue/routes.js';
import { embedRoutes } from './embed/routes.js';
import { followRoutes } from './follows/routes.js';
import { healthRoutes } from './health/routes.js';
import { historyRoutes } from './history/routes.js';
import { adminIntegrityRoutes } from './integrity/routes.js';
import { adminJobRoutes } from './jobs/routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { adminExportRoutes, openDataRoutes } from './opendata/routes.js';
import { adminProposalRoutes } from './proposals/routes.js';
import { rankingRoutes } from './rankings/routes.js';
import { risingRoutes } from './rising/routes.js';
import { searchRoutes } from './search/routes.js';
import { adminSettingsRoutes } from './settings/routes.js';
import { adminTranslationRoutes } from './texts/admin-routes.js';
import { translationRoutes } from './texts/routes.js';
import { adminTopicRoutes } from './topics/admin-routes.js';
import { topicRoutes } from './topics/routes.js';
import { userRoutes } from './users/routes.js';
import { adminBallotRoutes } from './votes/admin-routes.js';
import { voteRoutes } from './votes/routes.js';

type FeatureModule = FastifyPluginAsync<{ ctx: AppContext }>;

/**
 * Every feature's routes, mounted under /api. Modules in `admin` are mounted behind the
 * administrator guard; the rest declare their own guards per route.
 */
export const featureModules: { public: FeatureModule[]; admin: FeatureModule[] } = {
  public: [
    healthRoutes,
    authRoutes,
    userRoutes,
    translationRoutes,
    voteRoutes,
    topicRoutes,
    rankingRoutes,
    risingRoutes,
    openDataRoutes,
    shareCardRoutes,
    embedRoutes,
    historyRoutes,
    searchRoutes,
    followRoutes,
    notificationRoutes,
  ],
  admin: [
    adminUserRoutes,
    adminTranslationRoutes,
    auditRoutes,
    adminTopicRoutes,
    adminCategoryRoutes,
    adminTagRoutes,
    adminJobRoutes,
    adminSettingsRoutes,
    adminProposalRoutes,
    adminBallotRoutes,
    adminIntegrityRoutes,
    adminExportRoutes,
  ],
};
