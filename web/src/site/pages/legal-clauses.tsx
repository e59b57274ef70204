/** One numbered heading of a legal page with its paragraphs. */
export type Clause = readonly [heading: string, ...paragraphs: string[]];

/** Renders legal clauses as h2 headings with paragraphs, in order. */
export function LegalClauses({ clauses }: { clauses: readonly Clause[] }) {
  return (
    <>
      {clauses.map(([heading, ...paragraphs]) => (
        <section key={heading} className="site-legal__clause">
          <h2>{heading}</h2>
          {paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ))}
    </>
  );
}
