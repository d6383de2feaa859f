package io.bolide.broker.filter;

/** One lexical token: its kind, where it starts, and for literals and names its value. */
record Token(Token.Kind kind, int position, Object value) {
    /** Token kinds; keywords match case-insensitively, names case-sensitively. */
    enum Kind {
        END,
        NAME,
        TEXT,
        NUMBER,
        LEFT_PAREN,
        RIGHT_PAREN,
        COMMA,
        EQUAL,
        NOT_EQUAL,
        LESS,
        LESS_OR_EQUAL,
        GREATER,
        GREATER_OR_EQUAL,
        PLUS,
        MINUS,
        AND,
        OR,
        NOT,
        TRUE,
        FALSE,
        NULL,
        IS,
        BETWEEN,
        IN,
        CONTAINS,
        STARTSWITH,
        ENDSWITH;

        /** The keyword spelled {@code word} (any case), or null for a plain name. */
        static Kind keyword(String word) {
            for (Kind kind : KEYWORDS) {
                if (kind.name().equalsIgnoreCase(word)) {
                    return kind;
                }
            }
            return null;
        }

        private static final Kind[] KEYWORDS = {
            AND, OR, NOT, TRUE, FALSE, NULL, IS, BETWEEN, IN, CONTAINS, STARTSWITH, ENDSWITH
        };
    }

    /** How the token reads in an error message. */
    String describe() {
        switch (kind) {
            case END:
                return "end of expression";
            case NAME:
                return "name '" + value + "'";
            case TEXT:
                return "text literal";
            case NUMBER:
                return "number " + value;
            default:
                return "'" + kind.name() + "'";
        }
    }
}
