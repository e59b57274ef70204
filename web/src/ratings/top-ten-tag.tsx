import { useMemo } from 'react';
import type { TopTenSummaries } from '#shared/contracts/ratings.schema';
import { callBase } from '#shared/reference/call-sign';
import styles from './ratings.module.css';
import { useTopTen } from './use-ratings';

/** A station's place in its market's top ten, as the report's station table tags it. */
export interface TopTenTag {
  rank: number;
  /** The format list it ranks in ('News/Talk'), or null for the market's all-formats list. */
  format_name: string | null;
  market_name: string;
}

/**
 * Tags by call key from every daypart-`all` list of the answer: a station's rank in its
 * format's list wins (that is the comparison a buyer makes: "#3 News/Talk"), else its rank in
 * the market's all-formats list; the better rank wins between markets. Pure.
 */
export function topTenTags(answer: TopTenSummaries | undefined): Map<string, TopTenTag> {
  const tags = new Map<string, TopTenTag>();
  const better = (a: TopTenTag, b: TopTenTag | undefined) =>
    !b ||
    (a.format_name !== null && b.format_name === null) ||
    ((a.format_name === null) === (b.format_name === null) && a.rank < b.rank);
  for (const list of answer?.lists ?? []) {
    if (list.daypart !== 'all') continue;
    for (const row of list.rows) {
      const key = callBase(row.call_sign || row.station_id.replace(/^[a-z]+:/, ''));
      const tag: TopTenTag = {
        rank: row.rank,
        format_name: list.format === 'all' ? null : list.format_name,
        market_name: list.market_name,
      };
      if (better(tag, tags.get(key))) tags.set(key, tag);
    }
  }
  return tags;
}

const ordinal = (n: number) => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
};

/**
 * The top-ten lists for the report's station table: ONE nowl_top_ten_summaries call (empty
 * payload: every market's lists of the newest period), shared by every row through SWR. A
 * failure shows no tags: the tags are extra, the report stands without them. `enabled` false
 * asks nothing (another tab is open).
 */
export function useTopTenTags(enabled = true): Map<string, TopTenTag> {
  const { data } = useTopTen(enabled ? {} : null);
  return useMemo(() => topTenTags(data), [data]);
}

/** "#3 News/Talk" (or "#7 in market") next to a station that is in its market's top ten. */
export function TopTenTagBadge({ tag }: { tag: TopTenTag | undefined }) {
  if (!tag) return null;
  const what = tag.format_name ?? 'in market';
  const title = `${ordinal(tag.rank)} of ${tag.format_name ?? 'all'} stations in ${tag.market_name} by response rating`;
  return (
    <span className={styles.topTag} title={title}>
      #{tag.rank} {what}
      <span className="visually-hidden">, {title}</span>
    </span>
  );
}
