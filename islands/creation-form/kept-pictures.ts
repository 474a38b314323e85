// Pictures attached in place to figures kept without one (画像なし) when an entry is reopened:
// one hidden file input serves every such figure, the figure chosen by its button. A picture
// counts only while its figure is still kept and still without a picture of its own; the form
// sends these as the `keptPictures` files, in the kept figures' order.
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import type { CreationFormInput } from './model.ts';

export function useKeptPictures(keptDrawings: CreationFormInput['keptDrawings'], onAttach: () => void) {
  const [pictures, setPictures] = useState<Record<string, File>>({});
  const target = useRef<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => new Map(Object.entries(pictures).map(([id, file]) => [id, typeof URL !== 'undefined' ? URL.createObjectURL(file) : ''])), [pictures]);
  useEffect(() => () => previews.forEach((url) => url && URL.revokeObjectURL(url)), [previews]);
  const attached = useMemo(() => keptDrawings.filter((d) => d.withoutPicture && pictures[d.id]).map((d) => ({ id: d.id, file: pictures[d.id]! })), [keptDrawings, pictures]);
  return {
    /** The picture attached to a kept figure without one, if any. */
    pictureOf: (drawing: CreationFormInput['keptDrawings'][number]): File | undefined => (drawing.withoutPicture ? pictures[drawing.id] : undefined),
    previewOf: (id: string) => previews.get(id),
    attached,
    input,
    /** Opens the file chooser for this figure. */
    choose: (id: string) => {
      target.current = id;
      input.current?.click();
    },
    onChosen: (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      const id = target.current;
      event.target.value = '';
      if (!file || !id) return;
      setPictures((current) => ({ ...current, [id]: file }));
      onAttach();
    },
    remove: (id: string) => setPictures((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== id))),
  };
}
