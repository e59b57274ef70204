import { useState } from 'react';
import type { PlayCreativeResult } from '#shared/contracts/creatives.schema';
import { errorMessage } from '../api/client';
import styles from './creatives.module.css';
import { playCreative, useClientCreatives } from './creatives-api';

/** Props of {@link CreativePlayer}. */
export interface CreativePlayerProps {
  clientUid: string;
  /** The row's key: the post-log's creative value. */
  creativeId: string;
  /** What the row shows (the given name, or the post-log's value). */
  label: string;
}

/**
 * A Play button in a Creative table row when the creative has media: it fetches play_creative's
 * signed URL (5 minutes) and plays the spot in place with the browser's own controls (`<video>`
 * or `<audio>`, keyboard accessible). Clicks stay in the cell (the row itself drills).
 */
export function CreativePlayer({ clientUid, creativeId, label }: CreativePlayerProps) {
  const { data } = useClientCreatives(clientUid);
  const [playing, setPlaying] = useState<PlayCreativeResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const media = data?.creatives.find((c) => c.creative_id === creativeId)?.media;
  if (!media) return null;

  const open = async () => {
    setProblem(null);
    try {
      setPlaying(await playCreative(clientUid, creativeId));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const isVideo = (playing?.content_type ?? media.content_type).startsWith('video/');
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: stops the row's drill click; the controls inside are native.
    // biome-ignore lint/a11y/useKeyWithClickEvents: only stops propagation; keyboard use goes to the native controls.
    <span onClick={(event) => event.stopPropagation()}>
      {playing ? (
        <span className={styles.player}>
          {isVideo ? (
            // biome-ignore lint/a11y/useMediaCaption: advertisers' spots come without caption tracks.
            <video src={playing.url} controls autoPlay aria-label={`Spot ${label}`} />
          ) : (
            // biome-ignore lint/a11y/useMediaCaption: advertisers' spots come without caption tracks.
            <audio src={playing.url} controls autoPlay aria-label={`Spot ${label}`} />
          )}
          <button type="button" className="button button--ghost" onClick={() => setPlaying(null)}>
            Close
          </button>
        </span>
      ) : (
        <button
          type="button"
          className={`button button--ghost ${styles.play}`}
          aria-label={`Play spot ${label}`}
          onClick={() => void open()}
        >
          ▶ Play
        </button>
      )}
      {problem && (
        <span className={styles.error} role="alert">
          {problem}
        </span>
      )}
    </span>
  );
}
