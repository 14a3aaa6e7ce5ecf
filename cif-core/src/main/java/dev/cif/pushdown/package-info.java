/**
 * The one pushdown engine: filters pushed by Hive and Pig, judged against the statistics every column
 * file keeps per block (null count, minimum, maximum), so that blocks and whole split-directories that
 * cannot hold a matching row are not read.
 *
 * <ul>
 *   <li>{@link dev.cif.pushdown.Predicate} and its records ({@code Connective} for AND and OR, {@code Not},
 *       {@code Comparison}, {@code In}, {@code Between}, {@code IsNull}, {@code Unknown}): the filter as
 *       a small tree of top-level columns and {@link dev.cif.pushdown.Literal}s. It exists so that each
 *       engine only translates its own filter (Hive's {@code SearchArgument}, Pig's {@code Expression})
 *       and the judging is written once.</li>
 *   <li>{@link dev.cif.pushdown.Outcomes}: the truth values a predicate may take on a run of rows. SQL
 *       logic has three; NOT needs to know which are possible, so a set, not a yes/maybe.</li>
 *   <li>{@link dev.cif.pushdown.ColumnStatistics}: one column's statistics over a run of rows, the only
 *       thing a predicate reads.</li>
 *   <li>{@link dev.cif.impl.pushdown.BlockStatisticsFilter}: cuts a split-directory into runs at its columns'
 *       block boundaries and keeps the runs where the predicate may be true; the split planner drops
 *       split-directories with none, the row cursor passes over the runs left out.</li>
 *   <li>{@link dev.cif.pushdown.SerializedPredicate}: the predicate in a job's configuration.</li>
 * </ul>
 *
 * <p>Set a predicate with {@code ReadOptions.predicate} or {@code ColumnInputFormat.setPredicate}. A
 * predicate may only leave out rows that cannot match: the engine applies its own filter to the rows read.
 */
package dev.cif.pushdown;

import dev.cif.impl.pushdown.BlockStatisticsFilter;