package dev.cif.sqlbench;

/** Converting the text tables into one format: CTAS time and bytes on disk, summed over tables. */
public record LoadResult(Format format, long millis, long bytesOnDisk) {}
