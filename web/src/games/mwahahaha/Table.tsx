// Placeholder: the web-mw helper replaces this file with the Mwahahaha! table.
import type { TableProps } from '../types';

export default function MwahahahaTable(props: TableProps) {
  return (
    <div class="generic-table" data-testid="mw-table">
      <p>{props.t('ui.table.generic')}</p>
    </div>
  );
}
