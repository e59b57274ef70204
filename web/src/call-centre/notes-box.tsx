import { useId, useState } from 'react';
import { useRecordSaver } from './saver-context';
import { useAutosave } from './use-autosave';

/** The most a note may hold (the notes activity's limit). */
const MAX_NOTES = 10000;

/** The call notes (spec §3 notes), saved as `notes` 3 s after the agent stops typing. */
export function NotesBox({ notes }: { notes: string }) {
  const id = useId();
  const { save } = useRecordSaver();
  const [text, setText] = useState(notes);
  const { touch } = useAutosave(() => void save('notes', { notes: text }));

  return (
    <section className="cc-card">
      <h3 className="cc-card__title">
        <label htmlFor={id}>Notes</label>
      </h3>
      <textarea
        id={id}
        className="input cc-notes"
        rows={5}
        maxLength={MAX_NOTES}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          touch();
        }}
      />
    </section>
  );
}
