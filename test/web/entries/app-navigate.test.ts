// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { goTo, leavesApp, setCurrentApp } from '../../../web/src/entries/app-navigate';

afterEach(() => vi.restoreAllMocks());

/** window.location with assign/replace recorded. */
function stubLocation() {
  const assign = vi.fn();
  const replace = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign, replace });
  return { assign, replace };
}

describe('navigating across applications', () => {
  test('inside the login app the router moves; to the report app one page load', () => {
    setCurrentApp('login');
    const { assign, replace } = stubLocation();
    const navigate = vi.fn();

    goTo('/verify-email?email=a%40b.c', navigate);
    goTo('/ss?client=c1', navigate, { replace: true });

    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/verify-email?email=a%40b.c', undefined);
    expect(replace).toHaveBeenCalledWith('/ss?client=c1');
    expect(assign).not.toHaveBeenCalled();
  });

  test('from the report app, a 401 sends the visitor to /login with a page load', () => {
    setCurrentApp('report');
    const { assign } = stubLocation();
    const navigate = vi.fn();

    goTo('/login?next=%2Fss', navigate);

    expect(assign).toHaveBeenCalledWith('/login?next=%2Fss');
    expect(navigate).not.toHaveBeenCalled();
    expect(leavesApp('/ss/account')).toBe(false);
  });
});
