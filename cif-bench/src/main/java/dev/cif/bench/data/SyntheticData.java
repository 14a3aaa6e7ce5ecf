package dev.cif.bench.data;

import dev.cif.testing.rows.RowGenerator;
import dev.cif.testing.rows.RowRandom;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;

/**
 * The synthetic dataset of paper §6.2: 6 strings, 6 ints and a 10-entry map per record.
 *
 * <ul>
 *   <li>{@code s0..s5}: readable ASCII, length 20-40. {@code s0} starts with a two-digit
 *       {@link SelectivityBucket} so the Figure 10 predicate has exact selectivity.
 *   <li>{@code i0..i5}: uniform in 1..10000.
 *   <li>{@code m}: map&lt;string,int&gt; of 10 entries; keys are 4 lowercase letters, values random ints
 *       in 0..999999 (small enough that a sum over many rows fits in a long with room to spare).
 * </ul>
 *
 * <p>The map keys are drawn, 10 distinct per row, from a pool of {@value #KEY_POOL_SIZE} random keys fixed
 * by the seed. With fully random keys no key would recur, and the Figure 10 job ("aggregate the value under
 * a given key") would have nothing to aggregate; with a pool, {@link #aggregationKey()} occurs in 10/16 of
 * the rows.
 */
public final class SyntheticData implements RowGenerator {

  public static final int STRINGS = 6;
  public static final int INTS = 6;
  public static final int MAP_ENTRIES = 10;
  public static final int KEY_POOL_SIZE = 16;
  public static final int MIN_STRING = 20;
  public static final int MAX_STRING = 40;
  public static final int MAX_INT = 10_000;
  private static final int MAX_MAP_VALUE = 999_999;
  private static final int KEY_LENGTH = 4;
  private static final int KEY_POOL_STREAM = -1;

  private static final Schema SCHEMA = buildSchema();

  private final long seed;
  private final Utf8[] keyPool;

  public SyntheticData(long seed) {
    this.seed = seed;
    this.keyPool = buildKeyPool(seed);
  }

  private static Schema buildSchema() {
    SchemaBuilder.FieldAssembler<Schema> fields =
        SchemaBuilder.record("SyntheticRecord").namespace("dev.cif.bench.data").fields();
    for (int i = 0; i < STRINGS; i++) {
      fields = fields.requiredString("s" + i);
    }
    for (int i = 0; i < INTS; i++) {
      fields = fields.requiredInt("i" + i);
    }
    return fields.name("m").type().map().values().intType().noDefault().endRecord();
  }

  private static Utf8[] buildKeyPool(long seed) {
    // One random stream per seed (not per row) because the pool is a property of the whole dataset.
    SplittableRandom random = RowRandom.forRow(seed, 0, KEY_POOL_STREAM);
    LinkedHashSet<String> keys = new LinkedHashSet<>();
    while (keys.size() < KEY_POOL_SIZE) {
      keys.add(RowRandom.lowercase(random, KEY_LENGTH));
    }
    return keys.stream().map(Utf8::new).toArray(Utf8[]::new);
  }

  public static Schema schemaOf() {
    return SCHEMA;
  }

  @Override
  public String name() {
    return "synthetic";
  }

  @Override
  public long seed() {
    return seed;
  }

  @Override
  public Schema schema() {
    return SCHEMA;
  }

  /** The map key the Figure 10 job aggregates. */
  public String aggregationKey() {
    return keyPool[0].toString();
  }

  /** All keys that can occur in {@code m}. */
  public List<String> mapKeys() {
    return Arrays.stream(keyPool).map(Utf8::toString).toList();
  }

  @Override
  public GenericRecord row(long index) {
    SplittableRandom random = RowRandom.forRow(seed, index, 0);
    GenericData.Record record = new GenericData.Record(SCHEMA);
    for (int i = 0; i < STRINGS; i++) {
      byte[] bytes = RowRandom.readableAsciiBytes(random, RowRandom.between(random, MIN_STRING, MAX_STRING));
      if (i == 0) {
        SelectivityBucket.writePrefix(SelectivityBucket.of(seed, index), bytes);
      }
      record.put(i, new Utf8(bytes));
    }
    for (int i = 0; i < INTS; i++) {
      record.put(STRINGS + i, RowRandom.between(random, 1, MAX_INT));
    }
    record.put(STRINGS + INTS, randomMap(random));
    return record;
  }

  private Map<Utf8, Integer> randomMap(SplittableRandom random) {
    Map<Utf8, Integer> map = new LinkedHashMap<>();
    for (Utf8 key : RowRandom.sample(random, keyPool, MAP_ENTRIES)) {
      map.put(new Utf8(key), random.nextInt(0, MAX_MAP_VALUE + 1));
    }
    return map;
  }
}
