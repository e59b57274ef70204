/**
 * The first and last cells of an advertiser row in the call centre's lists (search results,
 * follow-ups due): the name with a muted detail line, and a View button named for the advertiser.
 */
export function AdvertiserNameCell({ name, details }: { name: string; details: string[] }) {
  return (
    <td>
      <span className="cc-results__name">{name}</span>
      <span className="cc-muted">{details.filter(Boolean).join(' · ')}</span>
    </td>
  );
}

/** The View button cell that opens an advertiser's record. */
export function ViewCell({ name, onView }: { name: string; onView: () => void }) {
  return (
    <td className="cc-results__view">
      <button type="button" className="button" aria-label={`View ${name}`} onClick={onView}>
        View
      </button>
    </td>
  );
}
