// A text field whose value an island keeps in state, that also keeps what a person typed
// before the island hydrated: the input is uncontrolled, and on mount its DOM value is read.
import { useEffect, useRef, useState } from 'react';

export function useField(initial = '') {
  const ref = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initial);
  useEffect(() => {
    if (ref.current && ref.current.value !== initial) setValue(ref.current.value);
  }, [initial]);
  return {
    value,
    set: (next: string) => {
      if (ref.current) ref.current.value = next;
      setValue(next);
    },
    props: { ref, defaultValue: initial, onChange: (event: { target: { value: string } }) => setValue(event.target.value) },
  };
}
