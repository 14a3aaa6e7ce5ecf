package dev.cif.bench.harness;

import dev.cif.bench.data.Dataset;
import java.io.IOException;
import java.io.PrintStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Where each (dataset, format) pair lives: {@code root/<dataset id>/<format name>}. Loads on first use
 * and reuses afterwards; a load goes to a {@code _loading} sibling first and is renamed into place when
 * complete, so an interrupted load is never mistaken for data.
 */
public final class DatasetStore {

  private final FileSystem fs;
  private final Path root;
  private final PrintStream log;

  public DatasetStore(FileSystem fs, Path root, PrintStream log) {
    this.fs = fs;
    this.root = root;
    this.log = log;
  }

  public FileSystem fileSystem() {
    return fs;
  }

  public Path dirOf(Dataset dataset, FormatUnderTest format) {
    return new Path(new Path(root, dataset.id()), format.storageName());
  }

  /** The loaded directory, writing the dataset first if it is not there yet. */
  public Path ensureLoaded(Dataset dataset, FormatUnderTest format) throws IOException {
    Path dir = dirOf(dataset, format);
    if (fs.exists(dir)) {
      return dir;
    }
    // The leading underscore hides the partial load from FileInputFormat listings of the parent.
    Path loading = new Path(dir.getParent(), "_loading-" + format.storageName());
    fs.delete(loading, true);
    log.printf("loading %s as %s ...%n", dataset.id(), format.name());
    long start = System.nanoTime();
    format.write(dataset, fs, loading);
    if (!fs.rename(loading, dir)) {
      throw new IOException("could not move " + loading + " to " + dir);
    }
    log.printf("loaded %s as %s in %.1f s (%,d bytes)%n", dataset.id(), format.name(),
        (System.nanoTime() - start) / 1e9, format.sizeOnDisk(fs, dir));
    return dir;
  }
}
