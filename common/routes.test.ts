import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES, matchClientRoute } from './routes.js';

describe('matchClientRoute', () => {
  it.each([
    ['/', 'home'],
    ['/login', 'login'],
    ['/reset-password', 'resetPassword'],
    ['/verify-email', 'verifyEmail'],
    ['/404', 'notFound'],
    ['/search', 'search'],
    ['/topic/best-pizza', 'topic'],
    ['/topic/42', 'topic'],
    ['/methodology', 'methodology'],
    ['/vote/42', 'vote'],
    ['/profile', 'profile'],
    ['/admin', 'admin'],
    ['/admin/users', 'adminUsers'],
    ['/admin/topics', 'adminTopics'],
    ['/admin/topics/edit/best-pizza', 'adminTopicEdit'],
    ['/admin/audit', 'adminAudit'],
    ['/admin/proposals', 'adminProposals'],
    ['/admin/settings', 'adminSettings'],
    ['/admin/integrity', 'adminIntegrity'],
    ['/admin/integrity/topics/42', 'adminIntegrityTopic'],
    ['/admin/users/42/ballots', 'adminUserBallots'],
  ] as const)('finds the page of %s', (pathname, name) => {
    expect(matchClientRoute(pathname)).toBe(name);
  });

  it('matches like the web router: trailing slashes ignored, any case, percent-decoded segments', () => {
    expect(matchClientRoute('/search/')).toBe('search');
    expect(matchClientRoute('/Admin/Users')).toBe('adminUsers');
    expect(matchClientRoute('/%73earch')).toBe('search');
    expect(matchClientRoute('/topic/cr%C3%AApes')).toBe('topic');
    expect(matchClientRoute('')).toBeUndefined();
  });

  it.each([
    '/no/such/page',
    '/searching',
    '/topic',
    '/topic/',
    '/topic/a/b',
    '//search',
    '/admin/topics/edit',
    '/admin/nope',
    '/vote',
    '/assets/missing.js',
    '/topic/a%2Fb/c',
  ])('finds no page at %s', (pathname) => {
    expect(matchClientRoute(pathname)).toBeUndefined();
  });

  it('names every page once, each path starting with a slash', () => {
    const paths = Object.values(CLIENT_ROUTES).map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path.startsWith('/')).toBe(true);
  });
});
