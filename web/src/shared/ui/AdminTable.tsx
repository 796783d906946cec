import {
  createContext,
  Fragment,
  type Key,
  type ReactNode,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
  useContext,
  useId,
} from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/error-message.js';
import { Alert } from './Alert.js';
import { Pager, type PagerProps } from './Pager.js';
import { Spinner } from './Spinner.js';
import './admin-table.css';

/** What the table reads of its list's query; a TanStack Query result fits as it is. */
export interface AdminTableQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface AdminTableProps<Row> {
  /** The table's accessible name (a caption only screen readers read: the page's heading is visible). */
  label: string;
  /** The headers of the data columns, in order. */
  columns: readonly string[];
  /** Each row ends with an `AdminTable.Actions` cell; its column's header is read, not shown. */
  rowActions?: boolean;
  query: AdminTableQuery;
  /** The text of a failed load when the server's answer has none of its own. */
  loadErrorKey: string;
  /** The loaded rows; undefined until the first answer. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => Key;
  /** One `<tr>` (or `AdminTable.FullRow`) per row. */
  children: (row: Row) => ReactNode;
  /** What an empty list says, and what to do about it when there is something to do. */
  empty: { text: string; action?: ReactNode };
  /** "12 users": announced politely when it changes (a search, a filter). */
  count?: string;
  pagination?: PagerProps;
}

/** How many columns a row has, so that a full-width row spans them all. */
const ColumnCount = createContext(1);

/**
 * The one table of the back-office: its name and headers, the loading, failure (with retry) and empty
 * states, the rows, and the pager. The table scrolls sideways inside its own frame when it is wider
 * than the screen, never the page.
 */
export function AdminTable<Row>({
  label,
  columns,
  rowActions = false,
  query,
  loadErrorKey,
  rows,
  rowKey,
  children,
  empty,
  count,
  pagination,
}: AdminTableProps<Row>) {
  const { t } = useTranslation();
  const captionId = useId();
  const hasRows = rows !== undefined && rows.length > 0;
  return (
    <div className="admin-table">
      {query.isPending && <Spinner />}
      {query.isError && (
        <Alert tone="error">
          {errorMessage(t, query.error, loadErrorKey)}{' '}
          <button type="button" className="link-button" onClick={() => void query.refetch()}>
            {t('action.retry')}
          </button>
        </Alert>
      )}
      {rows?.length === 0 && (
        <div className="admin-table__empty">
          <p>{empty.text}</p>
          {empty.action}
        </div>
      )}
      {hasRows && count && (
        <p className="admin-table__count" aria-live="polite">
          {count}
        </p>
      )}
      {hasRows && (
        // Focusable so that a keyboard can scroll a table wider than the screen; named by the caption.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable without a mouse.
        <section className="admin-table__frame" aria-labelledby={captionId} tabIndex={0}>
          <table className="admin-table__table">
            <caption id={captionId} className="visually-hidden">
              {label}
            </caption>
            <thead>
              <tr>
                {columns.map((column, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: headers are fixed per table; two may read alike.
                  <th key={index} scope="col">
                    {column}
                  </th>
                ))}
                {rowActions && (
                  <th scope="col">
                    <span className="visually-hidden">{t('table.actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <ColumnCount.Provider value={columns.length + (rowActions ? 1 : 0)}>
              <tbody>
                {rows.map((row) => (
                  <Fragment key={rowKey(row)}>{children(row)}</Fragment>
                ))}
              </tbody>
            </ColumnCount.Provider>
          </table>
        </section>
      )}
      {rows !== undefined && pagination && <Pager {...pagination} />}
    </div>
  );
}

/**
 * `token`: a name that must not be broken (an e-mail) kept on one line on a wide screen; one too long for
 * its column ends in an ellipsis, the whole of it in a tooltip and for screen readers.
 * `code`: the same for what machines read (a text key, a slug), in a monospace font.
 * `figure`: a count or a date with its unit ("12 propositions"), which reads wrong cut in two.
 * `prose`: text people wrote, which keeps its line breaks and gets room to be read.
 */
type CellKind = 'token' | 'code' | 'figure' | 'prose';

type CellProps<Attributes> = Omit<Attributes, 'children'> & { kind?: CellKind; children?: ReactNode };

/**
 * The class and content of a cell of `kind`. A token is cut by a span of its own: a table cell cannot
 * be narrower than its text, a block inside it can.
 */
function cellParts(kind: CellKind | undefined, className: string | undefined, children: ReactNode) {
  const cut = kind === 'token' || kind === 'code';
  const classes = [kind && !cut && `admin-table__${kind}`, className].filter(Boolean).join(' ');
  return {
    className: classes || undefined,
    children: cut ? (
      <span
        className={`admin-table__token admin-table__token--${kind}`}
        title={typeof children === 'string' ? children : undefined}
      >
        {children}
      </span>
    ) : (
      children
    ),
  };
}

/** The cell that names its row (read before each cell of the row by screen readers). */
function RowHeader({
  kind,
  className,
  children,
  ...props
}: CellProps<ThHTMLAttributes<HTMLTableCellElement>>) {
  return <th scope="row" {...props} {...cellParts(kind, className, children)} />;
}

function Cell({ kind, className, children, ...props }: CellProps<TdHTMLAttributes<HTMLTableCellElement>>) {
  return <td {...props} {...cellParts(kind, className, children)} />;
}

/** A quieter second line under a cell's main content (an id, a date, a count). */
function Detail({ children }: { children: ReactNode }) {
  return <span className="admin-table__detail">{children}</span>;
}

/** The row's buttons and links, side by side on one line. */
function Actions({ children }: { children: ReactNode }) {
  return (
    <td className="admin-table__actions">
      <div className="admin-table__action-row">{children}</div>
    </td>
  );
}

/** A row whose one cell spans every column: an inline form in place of the row it edits. */
function FullRow({ children }: { children: ReactNode }) {
  return (
    <tr>
      <td colSpan={useContext(ColumnCount)}>{children}</td>
    </tr>
  );
}

AdminTable.RowHeader = RowHeader;
AdminTable.Cell = Cell;
AdminTable.Detail = Detail;
AdminTable.Actions = Actions;
AdminTable.FullRow = FullRow;
