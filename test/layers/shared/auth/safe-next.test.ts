import { describe, expect, test } from 'vitest';
import { AFTER_LOGIN_PATH, safeNextPath } from '#shared/auth/safe-next';

const ORIGIN = 'https://app.example';

describe('where a login may return to (one resolver for server and browser)', () => {
  test.each([
    ['tab that browsers strip (decoded)', '/\t/evil.example'],
    ['tab that browsers strip (still encoded)', '/%09/evil.example'],
    ['newline', '/\n/evil.example'],
    ['encoded newline', '/%0a/evil.example'],
    ['encoded carriage return', '/%0D%0A/evil.example'],
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with a path', '//evil.example/ss'],
    ['backslash', '/\\evil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['half-encoded slashes', '/%2Fevil.example'],
    ['other site', 'https://evil.example/ss'],
    ['other scheme on our host', 'http://app.example/ss'],
    ['other port on our host', 'https://app.example:8443/ss'],
    ['script', 'javascript:alert(1)'],
    ['script after spaces', '  javascript:alert(1)'],
    ['data URL', 'data:text/html,<script>alert(1)</script>'],
    ['leading space before //', ' //evil.example'],
    ['trailing space', '/ss '],
    ['no-break space', '/ss\u00a0'],
    ['NUL', '/ss\u0000'],
    ['DEL', '/ss\u007f'],
    ['malformed escape', '/ss%'],
    ['user-info trick', 'https://app.example@evil.example/'],
    ['empty', ''],
    ['nothing', null],
    ['absent', undefined],
  ])('refuses %s', (_label, value) => {
    expect(safeNextPath(value, ORIGIN)).toBe(AFTER_LOGIN_PATH);
  });

  test.each([
    ['/ss', '/ss'],
    ['/ss?client=1#x', '/ss?client=1#x'],
    ['/ss/account', '/ss/account'],
    ['/call-centre?uid=acme-co', '/call-centre?uid=acme-co'],
    ['/plans/subscribe?plan=ind&product=both', '/plans/subscribe?plan=ind&product=both'],
    ['/ss?q=a%2Fb', '/ss?q=a%2Fb'],
    ['https://app.example/ss?client=2', '/ss?client=2'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(safeNextPath(value, ORIGIN)).toBe(expected);
  });

  test('a caller may name its own default', () => {
    expect(safeNextPath('//evil.example', ORIGIN, '/call-centre')).toBe('/call-centre');
  });

  test('the default is the report page', () => {
    expect(AFTER_LOGIN_PATH).toBe('/ss');
  });
});
