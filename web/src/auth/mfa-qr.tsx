import { useEffect, useState } from 'react';

/** Props of the QR code of an authenticator secret. */
export interface MfaQrCodeProps {
  /** The `otpauth://totp/...` address the authenticator app reads. */
  uri: string;
}

/**
 * The otpauth:// address as a QR code (the `qrcode` library, loaded only here, drawn as SVG in an
 * image). The same secret is written out beside it for people who cannot scan (MfaSetupForm),
 * so the image carries a short alternative text. Nothing shows until it is drawn.
 */
export function MfaQrCode({ uri }: MfaQrCodeProps) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [uri]);
  if (!src) return <div className="mfa-qr mfa-qr--loading" aria-hidden="true" />;
  return (
    <img
      className="mfa-qr"
      src={src}
      width={184}
      height={184}
      alt="QR code that adds AnalyticOwl to an authenticator app"
    />
  );
}
