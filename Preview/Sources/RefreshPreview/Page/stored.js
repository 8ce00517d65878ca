// The files the user dropped, kept in the browser's own storage (IndexedDB) by drop zone: a
// reload, or the page opened again another day, finds them and sends them again to a server
// that no longer holds them. Storage is the browser's to refuse (a private window, a full
// disk): then the page works as before, without it.
"use strict";

const DATABASE = "refresh-preview";
const FILES = "dropped";

function openDatabase() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(FILES);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

// Runs `work` on the store in one transaction; resolves with what its request gave, or null
// when the browser keeps nothing.
async function withFiles(mode, work) {
  let database;
  try {
    database = await openDatabase();
    return await new Promise((resolve, reject) => {
      const transaction = database.transaction(FILES, mode);
      const request = work(transaction.objectStore(FILES));
      transaction.oncomplete = () => resolve(request ? request.result : null);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } catch {
    return null;
  } finally {
    database?.close();
  }
}

/** Keeps what was dropped on the zone `key`: {reference, name, files, target}. */
export function storeDropped(key, dropped) {
  const { reference, name, files, target } = dropped;
  return withFiles("readwrite", (store) => store.put({ key, reference, name, files, target }, key));
}

/** Everything kept, as [{key, reference, name, files, target}]. */
export async function storedDropped() {
  return (await withFiles("readonly", (store) => store.getAll())) || [];
}

/** Forgets every file kept ("New session"). */
export function forgetDropped() {
  return withFiles("readwrite", (store) => store.clear());
}
