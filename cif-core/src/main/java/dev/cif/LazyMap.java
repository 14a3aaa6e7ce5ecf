package dev.cif;

import java.util.Map;

/**
 * A map column's value that decodes a key's value only when it is asked for (a DCSL column's map:
 * docs/FORMAT.md §6.3). A connector looks up the keys it needs one by one instead of iterating.
 */
public interface LazyMap extends Map<Object, Object> {
  /** How many values this map has decoded so far (for counters of work saved). */
  int decodedValues();
}
