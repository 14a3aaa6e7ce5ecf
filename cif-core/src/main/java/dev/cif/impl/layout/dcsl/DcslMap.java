package dev.cif.impl.layout.dcsl;

import java.util.AbstractMap;

/**
 * A map read from a DCSL column, decoded on demand: {@code get} decodes one key's value alone and
 * only iterating decodes them all. {@link InRowMap} reads maps whose values lie in the row
 * (DCSL modes 0-2), {@link KeyedMap} maps whose values lie in per-key streams (mode 3). String keys
 * may be asked for as String or Utf8. A view stays valid after the reader has moved on; a KeyedMap
 * reads its key's stream from the file on first use, so it must be read before its reader is closed
 * (after that, a value it has not read yet fails with an UncheckedIOException that names the file).
 */
public abstract class DcslMap extends AbstractMap<Object, Object> implements dev.cif.LazyMap {
  DcslMap() {}

  /** How many values this view has built so far (what a one-key lookup must keep at one). */
  public abstract int decodedValues();
}
