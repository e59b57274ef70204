// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { COPIED, ConnectionGuide } from '../../../web/src/connect/connection-guide';

afterEach(cleanup);

describe('the all-connect instructions page', () => {
  test('lists the five steps and the provisioned e-mail address from the link', () => {
    render(<ConnectionGuide search="?email=connect%2Bacme%40analyticowl.com" hash="" />);

    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('connect+acme@analyticowl.com')).toBeTruthy();
  });

  test('#g4notice opens the GA4 view with the existing property chosen, scrolled to', () => {
    // jsdom has no layout: record the scroll instead.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    render(<ConnectionGuide search="" hash="#g4notice" />);

    const ga4 = screen.getByRole('radio', { name: /Google Analytics 4/ }) as HTMLInputElement;
    const existing = screen.getByRole('radio', {
      name: /Connect your existing GA4 property/,
    }) as HTMLInputElement;
    expect(ga4.checked).toBe(true);
    expect(existing.checked).toBe(true);
    expect(scrolled).toHaveBeenCalled();
  });

  test('“Not sure” explains how to tell the properties apart', () => {
    render(<ConnectionGuide search="" hash="" />);

    fireEvent.click(screen.getByRole('radio', { name: 'Not sure' }));

    expect(screen.getByText(/starts with “UA-” is a standard/)).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /hybrid property/ })).toBeNull();
  });

  test('the video URL is copied and the page says so', async () => {
    const copy = vi.fn(async () => undefined);
    render(
      <ConnectionGuide
        search="?video=https%3A%2F%2Fvideos.example.com%2Fconnect"
        hash=""
        copy={copy}
      />,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Copy video URL' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(COPIED.video));
    expect(copy).toHaveBeenCalledWith('https://videos.example.com/connect');
  });

  test('a video link that is not http(s) is never shown', () => {
    render(<ConnectionGuide search="?video=javascript%3Aalert(1)" hash="" />);

    expect(screen.queryByRole('button', { name: 'Copy video URL' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'watch the video' })).toBeNull();
  });

  test('without an address in the link it points to the invitation and to contact us', () => {
    render(<ConnectionGuide search="" hash="" />);

    expect(screen.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe(
      '/contact-us',
    );
  });
});
