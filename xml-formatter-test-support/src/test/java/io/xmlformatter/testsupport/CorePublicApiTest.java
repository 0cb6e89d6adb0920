package io.xmlformatter.testsupport;

import org.junit.jupiter.api.Test;

import java.nio.file.Paths;

/**
 * Core's public API is the types its public-api.txt lists; no API signature names an internal type (here, as core's
 * own tests cannot use this module).
 */
class CorePublicApiTest {
    @Test
    void thePublicTypesAreTheListedOnesAndNoneExposesAnInternalOne() {
        PublicApi.check("xml-formatter-core", Paths.get("..", "xml-formatter-core"));
    }
}
