package io.bolide.broker.filter;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Recursive-descent parser of the SQL92 subset, lowest precedence first: OR, AND, equality ({@code
 * =}, {@code <>}, {@code IS [NOT] NULL}), comparison ({@code < <= > >=}, {@code [NOT] BETWEEN},
 * {@code [NOT] IN}, {@code [NOT] CONTAINS|STARTSWITH|ENDSWITH}), unary ({@code + - NOT}), then
 * literals, names and parentheses. Type rules are checked as the reference checks them; {@link
 * Checks} holds them. Nesting, tree height and node count are bounded so hostile input ends in an
 * error rather than a deep stack.
 */
final class Parser {
    static final int MAX_LENGTH = 65_536;
    static final int MAX_NESTING = 100;
    static final int MAX_HEIGHT = 200;
    static final int MAX_NODES = 10_000;

    private final List<Token> tokens;
    private final Map<String, Integer> slots = new LinkedHashMap<>();
    private int next;
    private int nesting;
    private int nodes;

    private Parser(List<Token> tokens) {
        this.tokens = tokens;
    }

    /** The compiled root and the property names it reads, in slot order. */
    record Result(Node root, List<String> names) {}

    static Result parse(String text) throws SqlFilterException {
        if (text.length() > MAX_LENGTH) {
            throw new SqlFilterException(
                    "expression longer than " + MAX_LENGTH + " characters", MAX_LENGTH);
        }
        Parser parser = new Parser(Lexer.tokenize(text));
        Token first = parser.peek();
        if (first.kind() == Token.Kind.END) {
            throw new SqlFilterException("empty expression", 0);
        }
        Node root = parser.condition(parser.or(), first);
        Token end = parser.peek();
        if (end.kind() != Token.Kind.END) {
            throw new SqlFilterException("unexpected " + end.describe(), end.position());
        }
        return new Result(root, List.copyOf(parser.slots.keySet()));
    }

    private Node or() throws SqlFilterException {
        return junction(false);
    }

    private Node junction(boolean and) throws SqlFilterException {
        Token first = peek();
        Node node = and ? equality() : junction(true);
        Token.Kind operator = and ? Token.Kind.AND : Token.Kind.OR;
        if (peek().kind() != operator) {
            return node;
        }
        List<Node> operands = new ArrayList<>();
        operands.add(condition(node, first));
        while (accept(operator)) {
            Token start = peek();
            operands.add(condition(and ? equality() : junction(true), start));
        }
        return add(new Junction(and, operands), first);
    }

    private Node equality() throws SqlFilterException {
        Node left = comparison();
        while (true) {
            Token operator = peek();
            switch (operator.kind()) {
                case EQUAL, NOT_EQUAL -> {
                    next++;
                    Node right = comparison();
                    Checks.equalOperands(left, right, operator);
                    left = add(new Equality(left, right), operator);
                    if (operator.kind() == Token.Kind.NOT_EQUAL) {
                        left = add(new Not(left), operator);
                    }
                }
                case IS -> {
                    next++;
                    boolean negated = accept(Token.Kind.NOT);
                    expect(Token.Kind.NULL, "NULL");
                    left = add(new Equality(left, Literal.NULL), operator);
                    if (negated) {
                        left = add(new Not(left), operator);
                    }
                }
                default -> {
                    return left;
                }
            }
        }
    }

    private Node comparison() throws SqlFilterException {
        Node left = unary();
        while (true) {
            Token operator = peek();
            Ordering.Operator ordering = ordering(operator.kind());
            if (ordering != null) {
                next++;
                Node right = unary();
                left = ordering(ordering, left, right, operator);
                continue;
            }
            boolean negated = operator.kind() == Token.Kind.NOT && isNegatable(peekAfter());
            Token keyword = negated ? peekAfter() : operator;
            if (!isNegatable(keyword)) {
                return left;
            }
            next += negated ? 2 : 1;
            left = keywordComparison(keyword, left, negated);
        }
    }

    private Node keywordComparison(Token keyword, Node left, boolean negated)
            throws SqlFilterException {
        switch (keyword.kind()) {
            case BETWEEN:
                Node low = unary();
                expect(Token.Kind.AND, "AND");
                Node high = unary();
                return between(left, low, high, negated, keyword);
            case IN:
                return in(left, negated, keyword);
            default:
                Token literal = expect(Token.Kind.TEXT, "a text literal");
                TextMatch.Kind kind = TextMatch.Kind.valueOf(keyword.kind().name());
                return add(new TextMatch(kind, left, (String) literal.value(), negated), keyword);
        }
    }

    private Node between(Node value, Node low, Node high, boolean negated, Token at)
            throws SqlFilterException {
        Checks.betweenBounds(low, high, at);
        List<Node> operands = new ArrayList<>(2);
        if (negated) {
            operands.add(ordering(Ordering.Operator.LESS, value, low, at));
            operands.add(ordering(Ordering.Operator.GREATER, value, high, at));
        } else {
            operands.add(ordering(Ordering.Operator.GREATER_OR_EQUAL, value, low, at));
            operands.add(ordering(Ordering.Operator.LESS_OR_EQUAL, value, high, at));
        }
        return add(new Junction(!negated, operands), at);
    }

    private Node in(Node left, boolean negated, Token at) throws SqlFilterException {
        if (!(left instanceof Property property)) {
            throw new SqlFilterException(
                    "IN needs a property on its left, not " + left, at.position());
        }
        expect(Token.Kind.LEFT_PAREN, "'('");
        Set<String> values = new LinkedHashSet<>();
        do {
            values.add((String) expect(Token.Kind.TEXT, "a text literal").value());
        } while (accept(Token.Kind.COMMA));
        expect(Token.Kind.RIGHT_PAREN, "')' or ','");
        return add(new InList(property, values, negated), at);
    }

    private Node ordering(Ordering.Operator operator, Node left, Node right, Token at)
            throws SqlFilterException {
        Checks.orderable(left, at);
        Checks.orderable(right, at);
        return add(new Ordering(operator, left, right), at);
    }

    private Node unary() throws SqlFilterException {
        Token token = peek();
        enter(token);
        Node node;
        switch (token.kind()) {
            case PLUS -> {
                next++;
                node = unary();
            }
            case MINUS -> {
                next++;
                node = add(new Negation(unary()), token);
            }
            case NOT -> {
                next++;
                Token operand = peek();
                node = add(new Not(condition(unary(), operand)), token);
            }
            default -> node = primary();
        }
        nesting--;
        return node;
    }

    private Node primary() throws SqlFilterException {
        Token token = peek();
        next++;
        switch (token.kind()) {
            case NUMBER:
                return add(new Literal(token.value(), String.valueOf(token.value())), token);
            case TEXT:
                return add(new Literal(token.value(), "'" + token.value() + "'"), token);
            case TRUE:
                return add(Literal.TRUE, token);
            case FALSE:
                return add(Literal.FALSE, token);
            case NULL:
                return add(Literal.NULL, token);
            case NAME:
                String name = (String) token.value();
                int slot = slots.computeIfAbsent(name, n -> slots.size());
                return add(new Property(name, slot), token);
            case LEFT_PAREN:
                Node inner = or();
                expect(Token.Kind.RIGHT_PAREN, "')'");
                return inner;
            default:
                throw new SqlFilterException(
                        "expected a value, a property name or '(' but found " + token.describe(),
                        token.position());
        }
    }

    /** {@code node} where a truth value is needed: conditions as they are, properties cast. */
    private Node condition(Node node, Token at) throws SqlFilterException {
        if (node.isCondition()) {
            return node;
        }
        if (node instanceof Property) {
            return add(new TruthOf(node), at);
        }
        throw new SqlFilterException(
                "expected a condition but " + node + " is not one", at.position());
    }

    private Node add(Node node, Token at) throws SqlFilterException {
        if (++nodes > MAX_NODES) {
            throw new SqlFilterException("more than " + MAX_NODES + " terms", at.position());
        }
        if (node.height() > MAX_HEIGHT) {
            throw new SqlFilterException("expression nested too deeply", at.position());
        }
        return node;
    }

    private void enter(Token at) throws SqlFilterException {
        if (++nesting > MAX_NESTING) {
            throw new SqlFilterException(
                    "more than " + MAX_NESTING + " nested levels", at.position());
        }
    }

    private static Ordering.Operator ordering(Token.Kind kind) {
        return switch (kind) {
            case LESS -> Ordering.Operator.LESS;
            case LESS_OR_EQUAL -> Ordering.Operator.LESS_OR_EQUAL;
            case GREATER -> Ordering.Operator.GREATER;
            case GREATER_OR_EQUAL -> Ordering.Operator.GREATER_OR_EQUAL;
            default -> null;
        };
    }

    private static boolean isNegatable(Token token) {
        return switch (token.kind()) {
            case BETWEEN, IN, CONTAINS, STARTSWITH, ENDSWITH -> true;
            default -> false;
        };
    }

    private Token peek() {
        return tokens.get(next);
    }

    private Token peekAfter() {
        return tokens.get(Math.min(next + 1, tokens.size() - 1));
    }

    private boolean accept(Token.Kind kind) {
        if (peek().kind() == kind) {
            next++;
            return true;
        }
        return false;
    }

    private Token expect(Token.Kind kind, String what) throws SqlFilterException {
        Token token = peek();
        if (token.kind() != kind) {
            throw new SqlFilterException(
                    "expected " + what + " but found " + token.describe(), token.position());
        }
        next++;
        return token;
    }
}
