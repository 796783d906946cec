import { writeFileSync } from 'node:fs';
import { collectRoutes, ROUTE_MAP_FILE, renderRouteMap } from '../server/test/route-map.js';

// The map does not depend on the database: a temporary SQLite file serves, whatever DATABASE_URL says.
writeFileSync(ROUTE_MAP_FILE, renderRouteMap(await collectRoutes('sqlite')));
console.log(`wrote ${ROUTE_MAP_FILE}`);
