package io.bolide.broker.grpc;

import io.bolide.broker.filter.SqlFilterCache;
import io.bolide.broker.filter.SqlRecordFilter;
import io.bolide.broker.filter.Subscription;
import io.bolide.broker.filter.TagFilter;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.FilterExpression;
import io.bolide.grpc.v2.FilterType;
import java.util.function.BooleanSupplier;

/**
 * A v2 {@code FilterExpression} as the broker's {@link Subscription}: a tag expression, or an SQL92
 * one compiled by the same compiler and cache the remoting POP and pull codes use. An expression
 * that does not compile, or SQL92 while {@code enablePropertyFilter} is off, is refused with
 * ILLEGAL_FILTER_EXPRESSION naming the problem, as the reference proxy answers it.
 */
final class Filters {
    private final SqlFilterCache sql = new SqlFilterCache();
    private final BooleanSupplier sqlEnabled;

    Filters(BooleanSupplier sqlEnabled) {
        this.sqlEnabled = sqlEnabled;
    }

    /** The subscription of {@code group} to {@code topic}; no expression means every message. */
    Subscription of(String group, String topic, FilterExpression filter) throws BadRequest {
        String expression = filter.getExpression().isBlank() ? "*" : filter.getExpression();
        if (filter.getType() != FilterType.SQL) {
            return new Subscription(topic, expression, 0, TagFilter.parse(expression), null);
        }
        SqlRecordFilter compiled = sql.get(group, topic, expression);
        String problem = problem(compiled);
        if (problem != null) {
            throw new BadRequest(Code.ILLEGAL_FILTER_EXPRESSION, problem);
        }
        return new Subscription(topic, expression, 0, null, compiled);
    }

    /**
     * Why {@code filter} cannot be served, or null when it can (a tag expression always can): what
     * a consumer's settings are checked with before it receives.
     */
    String problem(String group, String topic, FilterExpression filter) {
        if (filter.getType() != FilterType.SQL) {
            return null;
        }
        return problem(sql.get(group, topic, filter.getExpression()));
    }

    private String problem(SqlRecordFilter compiled) {
        if (!sqlEnabled.getAsBoolean()) {
            return "SQL92 filtering is off on this broker (enablePropertyFilter=false)";
        }
        if (compiled.error() != null) {
            return "SQL92 expression ["
                    + compiled.expression()
                    + "] does not parse: "
                    + compiled.error();
        }
        return null;
    }
}
