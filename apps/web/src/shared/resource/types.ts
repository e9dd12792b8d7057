import type { ComponentType, ReactNode } from 'react';
import type { TableColumnType } from 'antd';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { PageResult, ResourceContract, Saved } from '@portal/contracts';

/**
 * A record of any resource, as the generic screen's own code handles it (shared/resource only):
 * a screen's definition is typed by its contract instead (`RecordOf<C>`, `FieldName<C>`).
 */
export interface AnyRecord {
  id: string;
  status?: number;
  [field: string]: unknown;
}

/** The record a contract's get and search calls answer. */
export type RecordOf<C extends ResourceContract> = z.output<C['record']>;

/**
 * The names a contract's form may use: the keys of its save and create schemas, and the record's
 * own fields, which an update accepts back unchanged and drops (`acceptingRecord`): a form may
 * show one read-only (a computed amount) or use it to narrow another field's choices (the unit
 * whose users are offered). A name of none of them does not compile.
 */
export type FieldName<C extends ResourceContract> = Extract<
  keyof z.input<C['save']> | keyof z.input<NonNullable<C['create']>> | keyof z.output<C['record']>,
  string
>;

/** The keys of the contract's search body (the names a filter may use). */
export type FilterName<C extends ResourceContract> = Extract<keyof z.input<C['search']>, string>;

/** The body of the contract's search call (paging, keyword, its filters). */
export type SearchQuery<C extends ResourceContract> = z.input<C['search']>;

/** An object of the fields a reply carries beside its page or id (the contract's `searchExtra`, `savedExtra`). */
type Extra<S extends z.ZodRawShape | undefined> = z.output<z.ZodObject<NonNullable<S>>>;

/** What the contract's search answers: a page of its records, and its `searchExtra` beside it (a report's chart). */
export type SearchReply<C extends ResourceContract, R = RecordOf<C>> = PageResult<R> & Extra<C['searchExtra']>;

/** What a save of the contract answers: the saved id, and its `savedExtra` beside it (an app's refusal). */
export type SavedReply<C extends ResourceContract> = Saved & Extra<C['savedExtra']>;

/** The body of a save: the create schema's when adding, the save schema's (its id added by the call) when editing. */
export type SaveBody<C extends ResourceContract> = z.input<NonNullable<C['create']>> | Omit<z.input<C['save']>, 'id'>;

/** A schema without the optional, nullable and default wrappers around it. */
type Unwrapped<S> =
  S extends z.ZodOptional<infer I> ? Unwrapped<I> : S extends z.ZodNullable<infer I> ? Unwrapped<I> : S extends z.ZodDefault<infer I> ? Unwrapped<I> : S;

/** The schema of a form field: the save schema's, else the create schema's, else the record's (read-only) field. */
type FieldSchema<C extends ResourceContract, K extends string> = K extends keyof C['save']['shape']
  ? C['save']['shape'][K]
  : K extends keyof NonNullable<C['create']>['shape']
    ? NonNullable<C['create']>['shape'][K]
    : C['record']['shape'][K];

/**
 * A field's value as the dialog's input holds it: a date (an ISO date-time in the contract) is
 * its picker's dayjs, anything else what the contract takes; an input left empty or cleared
 * holds nothing (undefined, or antd's null).
 */
type FormValue<S> = (Unwrapped<S> extends z.ZodISODateTime | z.ZodISODate ? Dayjs : S extends z.ZodType ? z.input<S> : unknown) | null | undefined;

/** The values of a contract's dialog, by field name (before they become the save's body). */
export type FormValues<C extends ResourceContract> = { [K in FieldName<C>]?: FormValue<FieldSchema<C, K>> };

export interface Option {
  value: string | number | boolean;
  label: string;
}

/** A page of options that match a keyword, and how many match in all. */
export interface OptionPage {
  options: Option[];
  total: number;
}

/**
 * Options searched on the server as the user types, a page at a time: for lists that can grow
 * past a page (units, users, roles …). `labels` names chosen values that are not on a loaded
 * page (a record opened for editing), so the select never shows a bare id.
 */
export interface RemoteOptions {
  remote: true;
  /** Query key prefix; saving a record under it refreshes the choice. */
  key: readonly unknown[];
  search: (keyword: string, pageIndex: number, signal: AbortSignal) => Promise<OptionPage>;
  labels: (values: string[], signal: AbortSignal) => Promise<Option[]>;
}

/**
 * Where a select's options come from: a fixed list, a hook that loads them, or a server search —
 * fixed, or made by a hook when it depends on the form (the roles of the agency chosen above).
 */
export type OptionSource = Option[] | (() => { options: Option[]; loading?: boolean } | RemoteOptions) | RemoteOptions;

export const isRemote = (source: unknown): source is RemoteOptions =>
  typeof source === 'object' && source !== null && (source as Partial<RemoteOptions>).remote === true;

export type Translate = TFunction;

/** What a custom input gets from the form, like the built-in ones. */
export interface CustomInputProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean | undefined;
  label: string;
}

export interface FormField<C extends ResourceContract = ResourceContract> {
  /** Field of the contract's save (or create) schema. */
  name: FieldName<C>;
  /** Already translated label. */
  label: string;
  input: 'text' | 'number' | 'password' | 'textarea' | 'select' | 'multiselect' | 'switch' | 'date' | 'datetime' | 'color' | 'custom';
  /** The input of a `custom` field (a rich-text editor …), loaded with its screen only. */
  component?: ComponentType<CustomInputProps>;
  options?: OptionSource;
  /** Shown only when adding / only when editing. */
  only?: 'create' | 'edit';
  /** Shown but not editable when editing (e.g. the account name). */
  readOnlyOnEdit?: boolean;
  placeholder?: string;
  /** Full width in the two-column form. */
  wide?: boolean;
  /** Marked required though the schema alone does not say so (a rule across fields asks for it). */
  required?: boolean;
  /** A date and time that must lie ahead: past days cannot be picked and the picker offers no "Now". */
  future?: boolean;
  /** Shown (and sent) only while the form's values pass this, e.g. the receivers of one kind. */
  shownWhen?: (values: Record<string, unknown>) => boolean;
}

/** A filter of the list: a select of values, or a date range (two search fields). */
export type FilterField<C extends ResourceContract = ResourceContract> =
  | { kind?: 'select'; name: FilterName<C>; label: string; options: OptionSource }
  | {
      kind: 'dateRange';
      from: FilterName<C>;
      to: FilterName<C>;
      label: string;
      /** Whole days (YYYY-MM-DD) both required, as a report's period: the range cannot be cleared. */
      days?: boolean;
    };

/**
 * How a list's column takes a narrow desktop table (a phone's table scrolls in its card instead):
 * - `keep`: never breaks (a username, a phone number, a code, a date, a short status or tag):
 *   the column is at least as wide as its longest value;
 * - `words` (the default): wraps between words (names, descriptions, subjects);
 * - `anywhere`: may break inside a word too (an e-mail, a URL, a client id): one long value
 *   would otherwise set its column's width alone and squeeze its neighbours.
 */
export type ColumnFit = 'keep' | 'words' | 'anywhere';

/**
 * A column of a list: antd's, and how its cells fit (`ColumnFit`). Its `dataIndex`, when it has
 * one, is a field of the record (antd's own type takes any string, so a misspelt field would
 * compile and show an empty column).
 */
export type ResourceColumn<R = AnyRecord> = Omit<TableColumnType<R>, 'dataIndex'> & { dataIndex?: Extract<keyof R, string>; fit?: ColumnFit };

export interface ViewField<R = AnyRecord> {
  label: string;
  render: (record: R) => ReactNode;
}

/** A status a row can be switched to, and how the switch asks before doing it. */
export interface StatusToggle<R = AnyRecord> {
  on: number;
  off: number;
  /** The confirmation question for switching to `status`. */
  question: (status: number, record: R) => string;
}

/**
 * The resource pattern, screen half: everything a standard list screen needs beyond the
 * contract — columns, form, filters, view, and the texts that differ per entity. Typed by the
 * contract: form field names are its save (or create) schema's keys, filters its search
 * schema's, columns, view and row callbacks get its record.
 */
export interface ResourceScreenDefinition<C extends ResourceContract = ResourceContract, R = RecordOf<C>> {
  contract: C;
  /** Title of the screen (the menu code's phrase is used when absent). */
  title: string;
  /**
   * The noun of one record in dialog titles ("Thêm <entity>"), when the contract's noun in the
   * phrases (resource: entities.<contract name>) does not fit this screen.
   */
  entity?: string;
  columns: ResourceColumn<R>[];
  form?: FormField<C>[];
  filters?: FilterField<C>[];
  view?: ViewField<R>[];
  status?: StatusToggle<R>;
  /** The question asked before a delete (section 9: deleting a unit or user removes users). */
  deleteQuestion?: (record: R) => string;
  /** Rows per page at first (20 when absent); a tree screen shows more so groups stay whole. */
  pageSize?: number;
  /** Default values of a new record. */
  defaults?: FormValues<C>;
  /** Filters the screen opens with, which the user then changes (a report's period). */
  initialFilters?: Partial<SearchQuery<C>>;
  /** Fixed search conditions of this screen (e.g. unit administrators only). */
  fixedQuery?: Partial<SearchQuery<C>> | undefined;
  /** Extra row actions written by hand beside the standard ones. */
  rowActions?: (record: R) => ReactNode;
  /** Rows the delete button is offered for (all when absent); the server refuses the others anyway. */
  canDelete?: (record: R) => boolean;
  /** Built-in rows (the Super admin role): tagged as such, never offered for delete. */
  builtIn?: (record: R) => boolean;
  /** Rows the edit button is offered for (all when absent); the server refuses the others anyway. */
  canEdit?: (record: R) => boolean;
  /**
   * Shows the page as a two-level tree: a row whose `parentKey` equals another row's `key`
   * (a row without parent) is nested under it. The search answers each parent before its children.
   */
  tree?: { key: string; parentKey: string };
  /** Drawn between the toolbar and the table from the search reply (a report's chart). */
  summary?: (reply: SearchReply<C, R>) => ReactNode;
  /** Which label names a record in confirmations ("Delete <name>?"). */
  nameOf?: (record: R) => string;
  /**
   * Rows whose state changes on the server without anyone touching the screen (a delivery
   * still pending): while the page shows one, the list is read again every few seconds.
   */
  settling?: (record: R) => boolean;
  /**
   * Fills fields from others as the user changes them (a pack's expiry from its start and term):
   * `set` changes one field of the dialog's form.
   */
  onFormChange?: (changed: FormValues<C>, values: FormValues<C>, set: <K extends FieldName<C>>(name: K, value: FormValues<C>[K]) => void) => void;
  /** Drawn above the dialog's fields from its values (a warning about the choice made). */
  formNotice?: (values: FormValues<C>, record: R | undefined) => ReactNode;
  /** Reads what a save answered beside the id (the contract's `savedExtra`), after the standard toast. */
  afterSave?: (reply: SavedReply<C>) => void;
}

/** A definition as the generic screen's own parts read it: any contract, any record. */
export type GenericDefinition = ResourceScreenDefinition<ResourceContract, AnyRecord>;
