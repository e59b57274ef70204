/** Google's "G", decorative, for the sign-in buttons of the connection pages. */
export function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="#4285f4"
        d="M45 24.5c0-1.6-.1-3.1-.4-4.5H24v8.5h11.8a10 10 0 0 1-4.4 6.6v5.5h7.1C42.6 36.8 45 31.2 45 24.5z"
      />
      <path
        fill="#34a853"
        d="M24 46c5.9 0 10.9-2 14.5-5.4l-7.1-5.5c-2 1.3-4.5 2.1-7.4 2.1-5.7 0-10.6-3.9-12.3-9.1H4.4v5.7A22 22 0 0 0 24 46z"
      />
      <path fill="#fbbc05" d="M11.7 28.1a13 13 0 0 1 0-8.2v-5.7H4.4a22 22 0 0 0 0 19.6l7.3-5.7z" />
      <path
        fill="#ea4335"
        d="M24 10.8c3.2 0 6.1 1.1 8.4 3.3l6.3-6.3A22 22 0 0 0 4.4 14.2l7.3 5.7C13.4 14.7 18.3 10.8 24 10.8z"
      />
    </svg>
  );
}
