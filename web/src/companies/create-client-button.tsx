/** The primary "Create client" button (page toolbar and the empty list); opens the client form. */
export function CreateClientButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="button button--primary" onClick={onClick}>
      Create client
    </button>
  );
}
