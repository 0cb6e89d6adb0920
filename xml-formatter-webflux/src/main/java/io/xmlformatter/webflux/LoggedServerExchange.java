package io.xmlformatter.webflux;

import org.springframework.core.ResolvableType;
import org.springframework.http.MediaType;
import org.springframework.http.codec.FormHttpMessageReader;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebExchangeDecorator;
import reactor.core.publisher.Mono;

import java.util.Map;

/**
 * The exchange with the logged request and response. WebFlux reads form data from the request the exchange was
 * made with, not from a filter's: a form is read here from the logged request instead (with the form reader's
 * defaults), so that its body is captured.
 */
final class LoggedServerExchange extends ServerWebExchangeDecorator {
    private static final FormHttpMessageReader FORMS = new FormHttpMessageReader();
    private static final ResolvableType FORM_TYPE = ResolvableType.forClassWithGenerics(MultiValueMap.class,
            String.class, String.class);
    private final Mono<MultiValueMap<String, String>> form;

    LoggedServerExchange(ServerWebExchange exchange) {
        super(exchange);
        MediaType type = exchange.getRequest().getHeaders().getContentType();
        form = type != null && MediaType.APPLICATION_FORM_URLENCODED.isCompatibleWith(type)
                ? FORMS.readMono(FORM_TYPE, exchange.getRequest(), Map.of())
                        .defaultIfEmpty(new LinkedMultiValueMap<>()).cache()
                : exchange.getFormData();
    }

    @Override
    public Mono<MultiValueMap<String, String>> getFormData() {
        return form;
    }
}
