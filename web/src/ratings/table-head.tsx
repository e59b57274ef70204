/**
 * The header row of a compact ratings table: the first column is text (the period, daypart...),
 * every other column a number. Columns are named as the table shows them.
 */
export function TableHead({ text, nums }: { text: string; nums: readonly string[] }) {
  return (
    <thead>
      <tr>
        <th scope="col" className="cell--text">
          {text}
        </th>
        {nums.map((name) => (
          <th key={name} scope="col" className="cell--num">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
