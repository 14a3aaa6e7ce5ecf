package dev.cif.bench.harness;

/** One timed load (paper Table 2): writing a dataset in one format, and what it occupies on disk. */
public record LoadResult(String dataset, String format, long rows, long wallNanos, long cpuNanos,
    long sizeOnDisk) {}
