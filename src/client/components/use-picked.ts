// The chosen item of a <Typeahead> and the text in its box, kept consistent: editing the text away from the
// chosen item's label forgets the choice, so a form never saves an item the box no longer shows.
import { useCallback, useState } from 'react';

export function usePicked<T>(labelOf: (item: T) => string) {
  const [picked, setPicked] = useState<T | null>(null);
  const [text, setText] = useState('');

  /** Chooses an item (or none) and shows its label. */
  const pick = useCallback(
    (item: T | null) => {
      setPicked(item);
      setText(item ? labelOf(item) : '');
    },
    [labelOf],
  );

  /** For the typeahead's onInputChange. */
  const onInputChange = (t: string) => {
    setText(t);
    if (picked && t !== labelOf(picked)) setPicked(null);
  };

  return { picked, text, pick, onInputChange };
}
