package io.bolide.broker.filter;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits an expression into {@link Token}s. Literals follow the reference grammar: {@code 'text'}
 * with {@code ''} for a quote; decimal (optional {@code L}), {@code 0x} hex and {@code 0}-prefixed
 * octal integers, Integer when they fit, else Long; decimals with a point or an exponent are
 * Doubles. A number running into letters or digits it cannot hold is an error here (the reference
 * silently stops reading the expression there instead).
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
            while (at < text.length() && isSpace(text.charAt(at))) {
                at++;
            }
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
        if (text.charAt(at) == '0' && (charAt(at + 1) == 'x' || charAt(at + 1) == 'X')) {
            at += 2;
            value = integer(start, digits(16), 16);
        } else {
            int whole = digits(10);
            if (charAt(at) == '.' || isExponent()) {
                value = decimal(start);
            } else {
                boolean octal = text.charAt(start) == '0' && whole > 1;
                value = integer(start, start, octal ? 8 : 10);
                if (charAt(at) == 'l' || charAt(at) == 'L') {
                    at++;
                }
            }
        }
        if (isNamePart(charAt(at)) || charAt(at) == '.') {
            throw new SqlFilterException("malformed number", start);
        }
        tokens.add(new Token(Token.Kind.NUMBER, start, value));
    }

    /** Skips digits of {@code radix}; returns how many (for radix 16, the index they start at). */
    private int digits(int radix) {
        int start = at;
        while (at < text.length() && Character.digit(text.charAt(at), radix) >= 0) {
            if (!isAsciiDigitOrHex(text.charAt(at))) {
                break;
            }
            at++;
        }
        return radix == 16 ? start : at - start;
    }

    private Object integer(int start, int digitsFrom, int radix) throws SqlFilterException {
        String digits = text.substring(digitsFrom, at);
        if (digits.isEmpty()) {
            throw new SqlFilterException("malformed number", start);
        }
        long value;
        try {
            value = Long.parseLong(digits, radix);
        } catch (NumberFormatException e) {
            throw new SqlFilterException("number out of range or malformed", start);
        }
        if (value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE) {
            return (int) value;
        }
        return value;
    }

    private Object decimal(int start) {
        if (charAt(at) == '.') {
            at++;
            digits(10);
        }
        if (isExponent()) {
            at++;
            if (charAt(at) == '+' || charAt(at) == '-') {
                at++;
            }
            digits(10);
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

    private static boolean isAsciiDigitOrHex(char c) {
        return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    private static boolean isNameStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
    }

    private static boolean isNamePart(char c) {
        return isNameStart(c) || isDigit(c);
    }
}
