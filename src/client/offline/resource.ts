// One declaration per offline resource (docs/architecture.md, "How to add an offline form"): the endpoints its
// saves go to, how an item is labelled and shown as a list row, which rows a list's filter keeps, the form that
// corrects a rejected item, the lists to refresh when one is accepted, the catalogues its form reads offline and
// where its files go. The engine, the Sincronización panel, the lists' merge and the offline catalogue read the
// declarations registered here; none of them names a resource.
import type { Access } from '@shared/contract/endpoint';
import { createElement, lazy, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { pathOf, resourceOf, type AnswerOf, type BodyIn, type IdempotentEndpoint } from '@shared/contract/endpoint';
import type { OutboxItem, UploadSpec } from './db';
import type { OpenedEditorProps, OutboxEditorProps } from './editors';
import type { AttachmentInput } from './outbox-files';
import type { EnqueueInput } from './outbox-store';
import { createEmitter } from './sync-events';

/** A catalogue a form reads offline: kept on the device under `key`, fetched from its GET endpoint after login. */
export interface Catalog<T = unknown> {
  key: QueryKey;
  fetch: (signal?: AbortSignal) => Promise<T>;
  /** Who may read it (its endpoint's access): the refresh after login skips what the user may not read. */
  access?: Access;
}

/** An outbox item of a resource with its body and meta typed as the resource saves them. */
export interface Pending<Body, Meta> {
  item: OutboxItem;
  body: Body;
  meta: Partial<Meta>;
}

type EditEndpoint = IdempotentEndpoint & { method: 'PUT'; params: object };

export interface OfflineResourceDef<Create extends IdempotentEndpoint, Body extends BodyIn<Create>, Meta extends object, Row, Filter> {
  /** Where a new record goes (POST). */
  create: Create;
  /** Where an edit goes (PUT with the record's id); absent when the resource is only created offline. */
  update?: EditEndpoint;
  /** The path parameters of the saved record an edit changes, or null for a new record. */
  editOf?: (body: Body) => Record<string, number | string> | null;
  /** Shown in Sincronización and in the toasts. */
  label: (body: Body, meta: Meta) => string;
  /** A pending item as its list's row. */
  row: (pending: Pending<Body, Meta>) => Row;
  /** Whether a pending row belongs in the list shown with `filter` (default: every row). */
  inFilter?: (row: Row, filter: Filter) => boolean;
  /** The form that corrects a rejected item ('Abrir y corregir'), loaded on first use; it gets the body typed. */
  editor: () => Promise<ComponentType<OutboxEditorProps<Body>>>;
  /** Lists refreshed when an item is accepted, beyond the resource's own (`[name]`). */
  refreshes?: readonly QueryKey[];
  /** Catalogues its form reads offline: refreshed after every login. */
  catalogs?: readonly Catalog[];
  /** Where its files go once the record is accepted: the multipart endpoint, the answer's id field and the part name. */
  files?: { endpoint: IdempotentEndpoint; idField: string; field: string };
}

/** What the engine, the panel and the shell read of any registered resource. */
export interface OfflineResourceInfo {
  /** The Spanish name of its API path (`salidas`): the outbox items' `resource`. */
  name: string;
  /** Lists refreshed when an item is accepted, beyond `[name]`. */
  refreshes: readonly QueryKey[];
  catalogs: readonly Catalog[];
  /** The correcting form as a lazy component (the host passes the item; `body` is filled in from it). */
  Editor: LazyExoticComponent<ComponentType<OpenedEditorProps>>;
}

export interface OfflineResource<Body, Meta, Row, Filter, Answer> extends OfflineResourceInfo {
  /** The outbox input of a save (create or edit), with its files. */
  input: (body: Body, meta: Meta, files?: readonly AttachmentInput[]) => EnqueueInput;
  /** This resource's items of `items` (deletes left out), typed. */
  pending: (items: readonly OutboxItem[]) => Pending<Body, Meta>[];
  /** The list row of an item of this resource under `filter`, or null (another resource, a delete, filtered out). */
  rowOf: (filter: Filter) => (item: OutboxItem) => Row | null;
  /** Only a type: the answer of a save online. */
  readonly answer?: Answer;
}

/**
 * The outbox items saved to `endpoint`'s resource (deletes left out), with their body typed as `Body`, which must fit
 * the endpoint's body schema: for code that reads another feature's queue without importing its declaration (the
 * machines' meter projection reads the pending daily reports).
 */
export function pendingOf<Body extends BodyIn<E>, Meta extends object, E extends IdempotentEndpoint = IdempotentEndpoint>(
  items: readonly OutboxItem[],
  endpoint: E,
): Pending<Body, Meta>[] {
  const name = resourceOf(endpoint);
  // The one place an outbox item's body is read as its resource's body: items of `name` were written by its declaration.
  return items
    .filter((i) => i.resource === name && i.method !== 'DELETE')
    .map((item) => ({ item, body: item.body as Body, meta: item.meta as Partial<Meta> }));
}

/** The upload address template the engine fills with the record's id (`/api/fallas/{id}/fotos`). */
const uploadUrl = (e: IdempotentEndpoint) => e.path.replace(/:[A-Za-z_][A-Za-z0-9_]*/, '{id}');

/** Declares an offline resource; register it with `registerOfflineResource` (the shell does, for every feature). */
export function offlineResource<Create extends IdempotentEndpoint, Body extends BodyIn<Create>, Meta extends object, Row, Filter>(
  def: OfflineResourceDef<Create, Body, Meta, Row, Filter>,
): OfflineResource<Body, Meta, Row, Filter, AnswerOf<Create>> {
  const name = resourceOf(def.create);
  const upload: UploadSpec | null = def.files
    ? { idField: def.files.idField, url: uploadUrl(def.files.endpoint), field: def.files.field }
    : null;
  const pending = (items: readonly OutboxItem[]) => pendingOf<Body, Meta, Create>(items, def.create);
  const typed = (item: OutboxItem): Pending<Body, Meta> => pendingOf<Body, Meta, Create>([item], def.create)[0];
  const resource: OfflineResource<Body, Meta, Row, Filter, AnswerOf<Create>> = {
    name,
    refreshes: def.refreshes ?? [],
    catalogs: def.catalogs ?? [],
    input(body, meta, files = []) {
      const edit = def.update && def.editOf ? def.editOf(body) : null;
      return {
        resource: name,
        method: edit && def.update ? 'PUT' : 'POST',
        url: edit && def.update ? pathOf(def.update, { params: edit }) : pathOf(def.create),
        body,
        label: def.label(body, meta),
        meta: meta as Record<string, unknown>,
        files,
        upload: files.length ? upload : null,
      };
    },
    pending,
    rowOf: (filter) => (item) => {
      if (item.resource !== name || item.method === 'DELETE') return null;
      const row = def.row(typed(item));
      return def.inFilter && !def.inFilter(row, filter) ? null : row;
    },
    Editor: lazy(async () => {
      const Form = await def.editor();
      return { default: (props: OpenedEditorProps) => createElement(Form, { ...props, body: typed(props.item).body }) };
    }),
  };
  declared.add(resource);
  return resource;
}

const declared = new WeakSet<object>();

/** True for a value made by `offlineResource` (the shell registers every such export of the features' offline files). */
export const isOfflineResource = (value: unknown): value is OfflineResourceInfo =>
  typeof value === 'object' && value !== null && declared.has(value);

const registry = new Map<string, OfflineResourceInfo>();
const registryEvents = createEmitter<void>();

/** Registers (or replaces) a resource; returns a function that removes it. The shell registers every feature's. */
export function registerOfflineResource(resource: OfflineResourceInfo): () => void {
  registry.set(resource.name, resource);
  registryEvents.emit();
  return () => {
    if (registry.get(resource.name) !== resource) return;
    registry.delete(resource.name);
    registryEvents.emit();
  };
}

/** The registered resource of that name (an outbox item's `resource`), or undefined. */
export const offlineResourceNamed = (name: string | undefined): OfflineResourceInfo | undefined =>
  name === undefined ? undefined : registry.get(name);

/** Every registered resource. */
export const offlineResources = (): OfflineResourceInfo[] => [...registry.values()];

/** The registered resource of that name, live (undefined while none is registered). */
export function useOfflineResource(name: string | undefined): OfflineResourceInfo | undefined {
  return useSyncExternalStore(
    registryEvents.on,
    () => offlineResourceNamed(name),
    () => undefined,
  );
}
