// A history entry's favourite star and memo together, for pages that show one stored
// search (the detailed-search result page): the same calls and rules as on /history.
import HistoryEntryFavorite from './HistoryEntryFavorite.tsx';
import HistoryEntryMemo from './HistoryEntryMemo.tsx';

export interface HistoryEntryActionsProps {
  id: string;
  favorite: boolean;
  memo: string;
}

export default function HistoryEntryActions({ id, favorite, memo }: HistoryEntryActionsProps) {
  return (
    <div className="history-actions" data-testid="history-actions">
      <HistoryEntryFavorite id={id} favorite={favorite} showLabel />
      <HistoryEntryMemo id={id} memo={memo} />
    </div>
  );
}
