/**
 * Catalog commands: collections, databases and indexes.
 */
import { bsonSize, type Document } from "../bson.js";
import { validateCollectionName, validateDatabaseName } from "../database.js";
import { CommandError } from "../errors.js";
import { Query, evaluate, mingoOptions } from "../mingo.js";
import { ID_INDEX_NAME, normalizeIndexSpec, sameIndexOptions, type IndexSpec } from "../indexes.js";
import { parseBatchSize } from "../cursors.js";
import { formatValue, isPlainObject, keyOf } from "../values.js";
import { ID_INDEX_SPEC } from "../collection.js";
import { collectionName, getArray, getBoolean, getDocument, type CommandContext, type CommandHandler } from "./context.js";

/** `create` options the engine cannot honour: refusing is better than silently ignoring them. */
const UNSUPPORTED_CREATE_OPTIONS = [
  "capped",
  "timeseries",
  "viewOn",
  "pipeline",
  "validator",
  "clusteredIndex",
  "collation",
  "changeStreamPreAndPostImages",
  "encryptedFields",
  "expireAfterSeconds",
];

function filterWith(docs: Document[], filter: Document | undefined): Document[] {
  if (!filter || Object.keys(filter).length === 0) return docs;
  const query = evaluate(() => new Query(filter, mingoOptions()));
  return docs.filter((doc) => query.test(doc));
}

function cursorBatchSize(ctx: CommandContext): number | undefined {
  return parseBatchSize(getDocument(ctx.body, "cursor")?.batchSize, "cursor.batchSize");
}

export const create: CommandHandler = (ctx) => {
  const name = collectionName(ctx);
  for (const option of UNSUPPORTED_CREATE_OPTIONS) {
    if (ctx.body[option] !== undefined && ctx.body[option] !== false) {
      throw new CommandError("CommandNotSupported", `collection option '${option}' is not supported by the embedded engine`);
    }
  }
  if (ctx.db.getCollection(name)) throw new CommandError("NamespaceExists", `Collection ${ctx.db.name}.${name} already exists.`);
  ctx.db.write((w) => w.createCollection(name, {}));
  return { ok: 1 };
};

export const drop: CommandHandler = (ctx) => {
  const name = collectionName(ctx);
  const collection = ctx.db.getCollection(name);
  // Since MongoDB 7.0, dropping a collection that does not exist succeeds.
  if (!collection) return { ok: 1 };
  const nIndexesWas = collection.indexSpecs().length;
  ctx.db.write((w) => w.dropCollection(name));
  return { nIndexesWas, ns: collection.ns, ok: 1 };
};

export const dropDatabase: CommandHandler = (ctx) => {
  ctx.engine.dropDatabase(ctx.db.name);
  return { dropped: ctx.db.name, ok: 1 };
};

export const listCollections: CommandHandler = (ctx) => {
  const nameOnly = getBoolean(ctx.body, "nameOnly", false);
  const entries = [...ctx.db.collections.values()]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((c): Document =>
      nameOnly ? { name: c.name, type: "collection" } : { name: c.name, type: "collection", options: c.options, info: { readOnly: false, uuid: c.uuid }, idIndex: ID_INDEX_SPEC },
    );
  const docs = filterWith(entries, getDocument(ctx.body, "filter"));
  return { cursor: ctx.engine.cursors.open(`${ctx.db.name}.$cmd.listCollections`, docs, cursorBatchSize(ctx)), ok: 1 };
};

export const listDatabases: CommandHandler = (ctx) => {
  const nameOnly = getBoolean(ctx.body, "nameOnly", false);
  const all = ctx.engine
    .databases()
    .filter((db) => db.exists)
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((db) => ({ name: db.name, sizeOnDisk: db.sizeOnDisk, empty: false }));
  const databases = filterWith(all, getDocument(ctx.body, "filter"));
  if (nameOnly) return { databases: databases.map((d) => ({ name: d.name })), ok: 1 };
  const totalSize = databases.reduce((sum, d) => sum + (d.sizeOnDisk as number), 0);
  return { databases, totalSize, totalSizeMb: Math.floor(totalSize / (1024 * 1024)), ok: 1 };
};

function describeSpec(spec: IndexSpec): string {
  return formatValue(spec);
}

export const createIndexes: CommandHandler = (ctx) => {
  const name = collectionName(ctx);
  const raw = getArray(ctx.body, "indexes");
  if (!raw || raw.length === 0) throw new CommandError("BadValue", "Must specify at least one index to create");
  const specs = raw.map(normalizeIndexSpec);
  const createdCollectionAutomatically = !ctx.db.getCollection(name);

  return ctx.db.write((w) => {
    const collection = w.collection(name);
    const numIndexesBefore = collection.indexSpecs().length;
    const toBuild: IndexSpec[] = [];
    for (const spec of specs) {
      if (spec.name === ID_INDEX_NAME || keyOf(spec.key) === keyOf({ _id: 1 })) {
        if (spec.unique === false) throw new CommandError("InvalidOptions", "The _id index is always unique");
        continue; // the _id index always exists
      }
      const existing = collection.getIndex(spec.name)?.spec ?? toBuild.find((s) => s.name === spec.name);
      if (existing) {
        if (keyOf(existing.key) !== keyOf(spec.key)) {
          throw new CommandError(
            "IndexKeySpecsConflict",
            `An existing index has the same name as the requested index. Requested index: ${describeSpec(spec)}, existing index: ${describeSpec(existing)}`,
          );
        }
        if (!sameIndexOptions(existing, spec)) {
          throw new CommandError(
            "IndexOptionsConflict",
            `An equivalent index already exists with the same name but different options. Requested index: ${describeSpec(spec)}, existing index: ${describeSpec(existing)}`,
          );
        }
        continue;
      }
      const sameKey = [...collection.secondaryIndexes().map((index) => index.spec), ...toBuild].find((other) => keyOf(other.key) === keyOf(spec.key));
      if (sameKey) {
        throw new CommandError("IndexOptionsConflict", `Index already exists with a different name: ${sameKey.name}`);
      }
      toBuild.push(spec);
    }
    // Build every index before registering any, so a failure (E11000 over existing documents)
    // leaves the collection's indexes as they were.
    const built = toBuild.map((spec) => collection.buildIndex(spec));
    w.addIndexes(collection, built);
    return {
      createdCollectionAutomatically,
      numIndexesBefore,
      numIndexesAfter: numIndexesBefore + built.length,
      ...(built.length === 0 ? { note: "all indexes already exist" } : {}),
      ok: 1,
    };
  });
};

export const listIndexes: CommandHandler = (ctx) => {
  const name = collectionName(ctx);
  const collection = ctx.db.getCollection(name);
  if (!collection) throw new CommandError("NamespaceNotFound", `ns does not exist: ${ctx.db.name}.${name}`);
  const specs = collection.indexSpecs().map((spec) => ({ ...spec }));
  return { cursor: ctx.engine.cursors.open(`${ctx.db.name}.$cmd.listIndexes.${name}`, specs, cursorBatchSize(ctx)), ok: 1 };
};

export const dropIndexes: CommandHandler = (ctx) => {
  const name = collectionName(ctx);
  const collection = ctx.db.getCollection(name);
  if (!collection) throw new CommandError("NamespaceNotFound", `ns not found ${ctx.db.name}.${name}`);
  const nIndexesWas = collection.indexSpecs().length;
  const target = ctx.body.index;
  let names: string[];
  if (target === "*") {
    names = collection.secondaryIndexes().map((index) => index.name);
  } else if (typeof target === "string" || (Array.isArray(target) && target.every((t) => typeof t === "string"))) {
    names = typeof target === "string" ? [target] : (target as string[]);
    for (const indexName of names) {
      if (indexName === ID_INDEX_NAME) throw new CommandError("InvalidOptions", "cannot drop _id index");
      if (!collection.getIndex(indexName)) throw new CommandError("IndexNotFound", `index not found with name [${indexName}]`);
    }
  } else if (isPlainObject(target)) {
    if (keyOf(target) === keyOf({ _id: 1 })) throw new CommandError("InvalidOptions", "cannot drop _id index");
    const index = collection.secondaryIndexes().find((ix) => keyOf(ix.spec.key) === keyOf(target));
    if (!index) throw new CommandError("IndexNotFound", `can't find index with key: ${formatValue(target)}`);
    names = [index.name];
  } else {
    throw new CommandError("TypeMismatch", "dropIndexes 'index' must be a name, a key pattern, an array of names or '*'");
  }
  ctx.db.write((w) => names.forEach((indexName) => w.dropIndex(collection, indexName)));
  return { nIndexesWas, ok: 1 };
};

function splitNamespace(value: unknown, field: string): { db: string; coll: string } {
  if (typeof value !== "string" || !value.includes(".")) throw new CommandError("InvalidNamespace", `Invalid namespace specified for '${field}'`);
  const dot = value.indexOf(".");
  return { db: validateDatabaseName(value.slice(0, dot)), coll: value.slice(dot + 1) };
}

export const renameCollection: CommandHandler = (ctx) => {
  const from = splitNamespace(ctx.body.renameCollection, "renameCollection");
  const to = splitNamespace(ctx.body.to, "to");
  if (from.db !== to.db) throw new CommandError("CommandNotSupported", "renaming a collection across databases is not supported by the embedded engine");
  const db = ctx.engine.database(from.db);
  validateCollectionName(db.name, to.coll);
  const source = db.getCollection(from.coll);
  if (!source) throw new CommandError("NamespaceNotFound", `Source collection ${from.db}.${from.coll} does not exist`);
  if (from.coll === to.coll) throw new CommandError("IllegalOperation", "Can't rename a collection to itself");
  const dropTarget = getBoolean(ctx.body, "dropTarget", false);
  if (db.getCollection(to.coll) && !dropTarget) throw new CommandError("NamespaceExists", "target namespace exists");
  db.write((w) => {
    if (db.getCollection(to.coll)) w.dropCollection(to.coll);
    w.renameCollection(source, to.coll);
  });
  return { ok: 1 };
};

export const dbStats: CommandHandler = (ctx) => {
  let objects = 0;
  let dataSize = 0;
  let indexes = 0;
  for (const collection of ctx.db.collections.values()) {
    objects += collection.size;
    indexes += collection.indexSpecs().length;
    for (const doc of collection.docs.values()) dataSize += bsonSize(doc);
  }
  const storageSize = ctx.db.sizeOnDisk;
  return {
    db: ctx.db.name,
    collections: ctx.db.collections.size,
    views: 0,
    objects,
    avgObjSize: objects > 0 ? dataSize / objects : 0,
    dataSize,
    storageSize,
    indexes,
    indexSize: 0,
    totalSize: storageSize,
    scaleFactor: 1,
    ok: 1,
  };
};

export const collStats: CommandHandler = (ctx) => {
  const name = collectionName(ctx);
  const collection = ctx.db.getCollection(name);
  if (!collection) throw new CommandError("NamespaceNotFound", `ns not found ${ctx.db.name}.${name}`);
  let size = 0;
  for (const doc of collection.docs.values()) size += bsonSize(doc);
  const specs = collection.indexSpecs();
  return {
    ns: collection.ns,
    count: collection.size,
    size,
    avgObjSize: collection.size > 0 ? size / collection.size : 0,
    storageSize: size,
    nindexes: specs.length,
    totalIndexSize: 0,
    indexSizes: Object.fromEntries(specs.map((spec) => [spec.name, 0])),
    ok: 1,
  };
};
