import { describe, expect, test } from 'vitest';
import { appFor, pageFor, SITE_ENTRIES } from '#shared/site-entries';
import { SITE_REDIRECTS } from '#shared/site-redirects';

describe('which application answers a path (separate entry bundles)', () => {
  test.each([
    ['/ss', 'report', '/ss.html'],
    ['/ss/account', 'report', '/ss.html'],
    ['/app', 'report', '/ss.html'],
    ['/login', 'login', '/login.html'],
    ['/register', 'login', '/login.html'],
    ['/all-connect', 'connect', '/connect.html'],
    ['/call-centre', 'callcentre', '/callcentre.html'],
    ['/call-centre/x', 'home', '/index.html'],
    ['/', 'home', '/index.html'],
    ['/ssx', 'home', '/index.html'],
    ['/login/extra', 'home', '/index.html'],
    ['/plans/subscribe', 'home', '/index.html'],
  ])('%s → %s (%s)', (path, app, page) => {
    expect(appFor(path)).toBe(app);
    expect(pageFor(path)).toBe(page);
  });

  test('no legacy redirect source is claimed by an application (301s come first)', () => {
    const claimed = Object.keys(SITE_REDIRECTS).filter((from) => appFor(from) !== 'home');
    expect(claimed).toEqual([]);
  });

  test('no two applications claim the same path', () => {
    const paths = SITE_ENTRIES.flatMap((e) => [...e.paths, ...e.prefixes]);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
