/**
 * The web app's pages (SPEC section 2), in one table read by the web router (its route list) and by the
 * server (200 for a page, 404 for anything else). No zod here: the first page's bundle imports it.
 *
 * `access`: `public` for anyone, `user` for a signed-in person, `admin` for an administrator. A `:name`
 * segment matches any one non-empty segment.
 */
export type RouteAccess = 'public' | 'user' | 'admin';
export interface ClientRoute {
  readonly path: string;
  readonly access: RouteAccess;
}

export const CLIENT_ROUTES = {
  home: { path: '/', access: 'public' },
  login: { path: '/login', access: 'public' },
  // The pages of the links mailed about an account (issue 35); their token is in the query.
  resetPassword: { path: '/reset-password', access: 'public' },
  verifyEmail: { path: '/verify-email', access: 'public' },
  confirmEmailChange: { path: '/confirm-email-change', access: 'public' },
  cancelEmailChange: { path: '/cancel-email-change', access: 'public' },
  // The page of the unsubscribe link every notification e-mail carries (issue 39); its token is in the query.
  unsubscribe: { path: '/unsubscribe', access: 'public' },
  notFound: { path: '/404', access: 'public' },
  search: { path: '/search', access: 'public' },
  topic: { path: '/topic/:slug', access: 'public' },
  methodology: { path: '/methodology', access: 'public' },
  profile: { path: '/profile', access: 'user' },
  vote: { path: '/vote/:topicId', access: 'user' },
  // Issue 39: my notifications (the header's bell lists the newest).
  notifications: { path: '/notifications', access: 'user' },
  admin: { path: '/admin', access: 'admin' },
  adminCategories: { path: '/admin/categories', access: 'admin' },
  adminTags: { path: '/admin/tags', access: 'admin' },
  adminTopics: { path: '/admin/topics', access: 'admin' },
  adminTopicEdit: { path: '/admin/topics/edit/:slug', access: 'admin' },
  adminTranslations: { path: '/admin/translations', access: 'admin' },
  adminUsers: { path: '/admin/users', access: 'admin' },
  adminAudit: { path: '/admin/audit', access: 'admin' },
  adminJobs: { path: '/admin/jobs', access: 'admin' },
  adminProposals: { path: '/admin/proposals', access: 'admin' },
  adminSettings: { path: '/admin/settings', access: 'admin' },
  adminExports: { path: '/admin/exports', access: 'admin' },
  // Issue 36: the topics with bursts flagged, one topic's ballots over time and its flags, a person's ballots.
  adminIntegrity: { path: '/admin/integrity', access: 'admin' },
  adminIntegrityTopic: { path: '/admin/integrity/topics/:id', access: 'admin' },
  adminUserBallots: { path: '/admin/users/:id/ballots', access: 'admin' },
} as const satisfies Record<string, ClientRoute>;

export type ClientRouteName = keyof typeof CLIENT_ROUTES;

/** The methodology page's sections, in order: each is an anchor a ranking links to (`/methodology#too-close`). */
export const METHODOLOGY_SECTIONS = [
  'points',
  'average',
  'too-close',
  'head-to-head',
  'eligible',
  'cast-and-counted',
  'windows',
] as const;
export type MethodologySection = (typeof METHODOLOGY_SECTIONS)[number];

/** Each section's heading, a key of the interface texts (the page's table of contents says the same). */
export const METHODOLOGY_SECTION_TITLES: Readonly<Record<MethodologySection, string>> = {
  points: 'methodology.points.title',
  average: 'methodology.average.title',
  'too-close': 'methodology.tooClose.title',
  'head-to-head': 'methodology.headToHead.title',
  eligible: 'methodology.eligible.title',
  'cast-and-counted': 'methodology.castAndCounted.title',
  windows: 'methodology.windows.title',
};

/** The methodology page's address, at one of its sections. */
export const methodologyHref = (section?: MethodologySection): string =>
  section ? `${CLIENT_ROUTES.methodology.path}#${section}` : CLIENT_ROUTES.methodology.path;

/**
 * The page a pathname shows, as the web router matches it: static segments compared without case and
 * after percent-decoding, trailing slashes ignored. `undefined` for an address that is no page.
 */
export function matchClientRoute(pathname: string): ClientRouteName | undefined {
  if (!pathname.startsWith('/')) return undefined;
  const trimmed = pathname.replace(/\/+$/, '');
  const asked = trimmed.split('/').slice(1).map(decodeSegment);
  // Patterns are split here, not once at load: a module-level table would keep this function in the web's
  // first load, which never calls it.
  for (const name of Object.keys(CLIENT_ROUTES) as ClientRouteName[]) {
    const pattern = CLIENT_ROUTES[name].path.split('/').filter(Boolean);
    if (pattern.length !== asked.length) continue;
    const fits = pattern.every((part, i) => {
      const segment = asked[i];
      if (segment === undefined || segment === '') return false;
      return part.startsWith(':') || part.toLowerCase() === segment.toLowerCase();
    });
    if (fits) return name;
  }
  return undefined;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
