package dev.cif.bench.peers;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.io.BooleanWritable;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.DoubleWritable;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;

/**
 * Avro values to Hadoop Writables and back, driven by the Avro schema: the one conversion shared by the
 * peers whose native values are Writables (ORC's {@code OrcStruct} fields, and Hive's standard writable
 * objects for RCFile). Strings become {@link Text} and come back as {@link Utf8}; bytes
 * {@link BytesWritable} / {@link ByteBuffer}; int and long (also timestamp-millis) {@link IntWritable} /
 * {@link LongWritable}; maps and arrays {@link Map} / {@link List} in containers the format chooses.
 * Values read back are copies, safe to keep after the reader moves on.
 */
public final class WritableValues {

  /** Makes the containers a format wants for maps and lists (ORC needs its own typed ones). */
  public interface Containers {
    Map<Object, Object> newMap(Schema mapSchema);

    List<Object> newList(Schema arraySchema);
  }

  /** Plain {@link HashMap} and {@link ArrayList}: what Hive's standard writable inspectors expect. */
  public static final Containers PLAIN = new Containers() {
    @Override
    public Map<Object, Object> newMap(Schema mapSchema) {
      return new HashMap<>();
    }

    @Override
    public List<Object> newList(Schema arraySchema) {
      return new ArrayList<>();
    }
  };

  private WritableValues() {}

  /** The non-null branch of an optional (union with null) schema, or the schema itself. */
  public static Schema nonNull(Schema schema) {
    if (schema.getType() != Schema.Type.UNION) {
      return schema;
    }
    for (Schema branch : schema.getTypes()) {
      if (branch.getType() != Schema.Type.NULL) {
        return branch;
      }
    }
    throw new IllegalArgumentException("union of nulls only: " + schema);
  }

  public static Object toWritable(Schema schema, Object value, Containers containers) {
    if (value == null) {
      return null;
    }
    Schema s = nonNull(schema);
    return switch (s.getType()) {
      case STRING -> value instanceof Utf8 u ? new Text(Arrays.copyOf(u.getBytes(), u.getByteLength()))
          : new Text(value.toString());
      case INT -> new IntWritable((Integer) value);
      case LONG -> new LongWritable((Long) value);
      case BOOLEAN -> new BooleanWritable((Boolean) value);
      case DOUBLE -> new DoubleWritable((Double) value);
      case FLOAT -> new FloatWritable((Float) value);
      case BYTES -> {
        ByteBuffer buffer = ((ByteBuffer) value).duplicate();
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        yield new BytesWritable(bytes);
      }
      case MAP -> {
        Map<Object, Object> map = containers.newMap(s);
        for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
          map.put(new Text(e.getKey().toString()), toWritable(s.getValueType(), e.getValue(), containers));
        }
        yield map;
      }
      case ARRAY -> {
        List<Object> list = containers.newList(s);
        for (Object item : (Iterable<?>) value) {
          list.add(toWritable(s.getElementType(), item, containers));
        }
        yield list;
      }
      default -> throw new IllegalArgumentException("no Writable for Avro type " + s.getType());
    };
  }

  public static Object toAvro(Schema schema, Object writable) {
    if (writable == null) {
      return null;
    }
    Schema s = nonNull(schema);
    return switch (s.getType()) {
      case STRING -> {
        Text text = (Text) writable;
        yield new Utf8(Arrays.copyOf(text.getBytes(), text.getLength()));
      }
      case INT -> ((IntWritable) writable).get();
      case LONG -> ((LongWritable) writable).get();
      case BOOLEAN -> ((BooleanWritable) writable).get();
      case DOUBLE -> ((DoubleWritable) writable).get();
      case FLOAT -> ((FloatWritable) writable).get();
      case BYTES -> ByteBuffer.wrap(((BytesWritable) writable).copyBytes());
      case MAP -> {
        Map<?, ?> in = (Map<?, ?>) writable;
        Map<Utf8, Object> map = new HashMap<>(in.size() * 2);
        for (Map.Entry<?, ?> e : in.entrySet()) {
          Text key = (Text) e.getKey();
          map.put(new Utf8(Arrays.copyOf(key.getBytes(), key.getLength())), toAvro(s.getValueType(), e.getValue()));
        }
        yield map;
      }
      case ARRAY -> {
        List<?> in = (List<?>) writable;
        List<Object> list = new ArrayList<>(in.size());
        for (Object item : in) {
          list.add(toAvro(s.getElementType(), item));
        }
        yield list;
      }
      default -> throw new IllegalArgumentException("no Avro value for type " + s.getType());
    };
  }
}
