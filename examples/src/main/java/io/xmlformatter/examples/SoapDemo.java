package io.xmlformatter.examples;

/** Placeholder until the demo is written. */
public final class SoapDemo {
    private SoapDemo() {
    }

    public static void main(String[] args) {
    }
}
