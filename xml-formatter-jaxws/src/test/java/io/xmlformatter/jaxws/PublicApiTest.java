package io.xmlformatter.jaxws;

import io.xmlformatter.testsupport.PublicApi;
import org.junit.jupiter.api.Test;

/** The module's public API is the types its public-api.txt lists; no API signature names an internal type. */
class PublicApiTest {
    @Test
    void thePublicTypesAreTheListedOnesAndNoneExposesAnInternalOne() {
        PublicApi.check("xml-formatter-jaxws");
    }
}
