package io.bolide.broker.filter;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits an expression into {@link Token}s. Literals follow the reference grammar: {@code 'text'}
 * with {@code ''} for a quote; decimal integers (optional {@code L}), Integer when they fit, else
 * Long; decimals with a point or an exponent are Doubles; {@code /* *}{@code /} comments, and
 * {@code --} comments that end with a line break. A number running into letters or digits it cannot
 * hold ({@code 0x1F}, {@code 010}, {@code 5f}) is an error here; the reference instead silently
 * stops reading the expression there.
 */
final class Lexer {
    private final String text;
    private final List<Token> tokens = new ArrayList<>();
    private int at;

    private Lexer(String text) {
        this.text = text;
    }

    static List<Token> tokenize(String text) throws SqlFilterException {
        Lexer lexer = new Lexer(text);
        lexer.run();
        return lexer.tokens;
    }

    private void run() throws SqlFilterException {
        while (true) {
            skipSpaceAndComments();
            if (at == text.length()) {
                tokens.add(new Token(Token.Kind.END, at, null));
                return;
            }
            char c = text.charAt(at);
            if (c == '\'') {
                text();
            } else if (isDigit(c) || (c == '.' && isDigit(charAt(at + 1)))) {
                number();
            } else if (isNameStart(c)) {
                name();
            } else {
                symbol(c);
            }
        }
    }

    private void skipSpaceAndComments() throws SqlFilterException {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (isSpace(c)) {
                at++;
            } else if (c == '/' && charAt(at + 1) == '*') {
                int end = text.indexOf("*/", at + 2);
                if (end < 0) {
                    throw new SqlFilterException("unterminated comment", at);
                }
                at = end + 2;
            } else if (c == '-' && charAt(at + 1) == '-' && lineBreakAfter(at + 2) >= 0) {
                at = lineBreakAfter(at + 2) + 1;
            } else {
                return;
            }
        }
    }

    /** Index of the next line break at or after {@code from}, or -1 ("--" without one is minus). */
    private int lineBreakAfter(int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                return i;
            }
        }
        return -1;
    }

    private void text() throws SqlFilterException {
        int start = at++;
        StringBuilder value = new StringBuilder();
        while (true) {
            if (at >= text.length()) {
                throw new SqlFilterException("unterminated text literal", start);
            }
            char c = text.charAt(at++);
            if (c == '\'') {
                if (charAt(at) != '\'') {
                    break;
                }
                at++;
            }
            value.append(c);
        }
        tokens.add(new Token(Token.Kind.TEXT, start, value.toString()));
    }

    private void name() {
        int start = at;
        while (at < text.length() && isNamePart(text.charAt(at))) {
            at++;
        }
        String word = text.substring(start, at);
        Token.Kind keyword = Token.Kind.keyword(word);
        tokens.add(
                keyword != null
                        ? new Token(keyword, start, null)
                        : new Token(Token.Kind.NAME, start, word));
    }

    private void number() throws SqlFilterException {
        int start = at;
        Object value;
        int whole = digits();
        if (charAt(at) == '.' || isExponent()) {
            value = decimal(start);
        } else {
            if (whole > 1 && text.charAt(start) == '0') {
                throw new SqlFilterException("malformed number (leading zero)", start);
            }
            value = integer(start);
            if (charAt(at) == 'l' || charAt(at) == 'L') {
                at++;
            }
        }
        if (isNamePart(charAt(at)) || charAt(at) == '.') {
            throw new SqlFilterException("malformed number", start);
        }
        tokens.add(new Token(Token.Kind.NUMBER, start, value));
    }

    /** Skips ASCII digits; returns how many. */
    private int digits() {
        int start = at;
        while (at < text.length() && isDigit(text.charAt(at))) {
            at++;
        }
        return at - start;
    }

    private Object integer(int start) throws SqlFilterException {
        long value;
        try {
            value = Long.parseLong(text.substring(start, at));
        } catch (NumberFormatException e) {
            throw new SqlFilterException("number out of range", start);
        }
        if (value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE) {
            return (int) value;
        }
        return value;
    }

    private Object decimal(int start) {
        if (charAt(at) == '.') {
            at++;
            digits();
        }
        if (isExponent()) {
            at++;
            if (charAt(at) == '+' || charAt(at) == '-') {
                at++;
            }
            digits();
        }
        return Double.parseDouble(text.substring(start, at));
    }

    /** An exponent marker followed by an optionally signed digit. */
    private boolean isExponent() {
        char c = charAt(at);
        if (c != 'e' && c != 'E') {
            return false;
        }
        char next = charAt(at + 1);
        return isDigit(next) || ((next == '+' || next == '-') && isDigit(charAt(at + 2)));
    }

    private void symbol(char c) throws SqlFilterException {
        int start = at++;
        Token.Kind kind;
        switch (c) {
            case '(' -> kind = Token.Kind.LEFT_PAREN;
            case ')' -> kind = Token.Kind.RIGHT_PAREN;
            case ',' -> kind = Token.Kind.COMMA;
            case '=' -> kind = Token.Kind.EQUAL;
            case '+' -> kind = Token.Kind.PLUS;
            case '-' -> kind = Token.Kind.MINUS;
            case '<' -> kind = follow('>') ? Token.Kind.NOT_EQUAL : lessOrEqual();
            case '>' -> kind = follow('=') ? Token.Kind.GREATER_OR_EQUAL : Token.Kind.GREATER;
            default -> throw new SqlFilterException("unexpected character '" + c + "'", start);
        }
        tokens.add(new Token(kind, start, null));
    }

    private Token.Kind lessOrEqual() {
        return follow('=') ? Token.Kind.LESS_OR_EQUAL : Token.Kind.LESS;
    }

    private boolean follow(char expected) {
        if (charAt(at) == expected) {
            at++;
            return true;
        }
        return false;
    }

    private char charAt(int index) {
        return index < text.length() ? text.charAt(index) : 0;
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isNameStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
    }

    private static boolean isNamePart(char c) {
        return isNameStart(c) || isDigit(c);
    }
}
