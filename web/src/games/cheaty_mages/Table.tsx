import type { TableProps } from '../types';

export default function Table(props: TableProps) {
  return <div class="generic-table">{props.t('ui.table.generic')}</div>;
}
