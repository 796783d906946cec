import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { adminUserRoutes } from './admin/users-routes.js';
import { authRoutes } from './auth/routes.js';
import { healthRoutes } from './health/routes.js';
import { translationRoutes } from './translations/routes.js';
import { userRoutes } from './users/routes.js';

type FeatureModule = FastifyPluginAsync<{ ctx: AppContext }>;

/**
 * Every feature's routes, mounted under /api. Modules in `admin` are mounted behind the
 * administrator guard; the rest declare their own guards per route.
 */
export const featureModules: { public: FeatureModule[]; admin: FeatureModule[] } = {
  public: [healthRoutes, authRoutes, userRoutes, translationRoutes],
  admin: [adminUserRoutes],
};
